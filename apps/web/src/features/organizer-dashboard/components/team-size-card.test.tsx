import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { TeamSizeCard } from './team-size-card';

describe('TeamSizeCard', () => {
  it('shows the count, a pending mark while the list loads, and a dash when it failed', async () => {
    const { unmount } = await renderWithApp(<TeamSizeCard count={4} />);
    expect(await screen.findByTestId('team-size')).toHaveTextContent(/^4$/);
    unmount();

    const pending = await renderWithApp(<TeamSizeCard count="pending" />);
    // Seen as an ellipsis, read out as loading.
    expect(await screen.findByTestId('team-size')).toHaveTextContent(/^…Wird geladen …$/);
    expect(screen.getByText('Wird geladen …')).toHaveClass('sr-only');
    expect(screen.getByTestId('team-size').querySelector('[aria-busy="true"]')).not.toBeNull();
    pending.unmount();

    await renderWithApp(<TeamSizeCard count={null} />);
    expect(await screen.findByTestId('team-size')).toHaveTextContent(/^–$/);
  });
});
