import { useEffect } from 'react';
import type { Language } from '@sp/shared';
import { useLanguage } from '@/hooks/use-language';

/** A wall linked or embedded with `?lang=` is shown in that language. */
export function useWallLanguage(wanted: Language | undefined): void {
  const [language, setLanguage] = useLanguage();
  useEffect(() => {
    if (wanted && wanted !== language) void setLanguage(wanted);
  }, [wanted, language, setLanguage]);
}
