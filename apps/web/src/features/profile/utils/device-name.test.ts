import { describe, expect, it } from 'vitest';
import { browserAndSystem } from './device-name';

describe('browserAndSystem', () => {
  it('names common browsers and systems', () => {
    expect(
      browserAndSystem(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(
      browserAndSystem(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      browserAndSystem('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(
      browserAndSystem(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
  });

  it('tells nothing about what it does not know', () => {
    expect(browserAndSystem('')).toBeNull();
    expect(browserAndSystem('aws-sdk-js/3.0 node')).toBeNull();
  });
});
