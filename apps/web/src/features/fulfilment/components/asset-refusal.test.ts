import { describe, expect, it } from 'vitest';
import type { AssetSpec } from '@sp/shared';
import { ApiError } from '@/lib/api-error';
import { changeLanguage, i18n, initI18n } from '@/lib/i18n';
import { refusalMessages } from './asset-refusal';

const spec: AssetSpec = {
  placement: null,
  file_types: [],
  min_width: null,
  min_height: null,
  transparent: false,
  vector: false,
  alt_text_required: false,
  text_limit: { max: 50, unit: 'words' },
  monochrome_variant: true,
};
const refused = (fields: Record<string, string>) =>
  new ApiError({ status: 422, code: 'asset.spec-unmet', detail: 'x', fields });

describe('refusalMessages', () => {
  it('words a text over the limit and a colourful monochrome variant from the spec, in both languages', async () => {
    await initI18n('de');
    const t = ((key: string, values?: object) => i18n.t(key as never, values as never)) as Parameters<
      typeof refusalMessages
    >[2];
    expect(refusalMessages(refused({ text_length: '62' }), spec, t)).toEqual([
      'Der Text hat 62 Wörter; erlaubt sind höchstens 50.',
    ]);
    expect(refusalMessages(refused({ monochrome: 'colour' }), spec, t)[0]).toMatch(
      /^Die einfarbige Variante enthält Farben/,
    );
    await changeLanguage('en');
    const characters = { ...spec, text_limit: { max: 300, unit: 'characters' as const } };
    expect(refusalMessages(refused({ text_length: '812' }), characters, t)).toEqual([
      'The text has 812 characters; at most 300 are allowed.',
    ]);
  });
});
