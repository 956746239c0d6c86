import { useEffect, useState } from 'react';
import { useAsync } from 'shared-ui/components';
import { loadCountries, type Country } from './countries';
import { loadPhoneCheck, type PhoneCheck } from './phone';

export interface CountryData {
  countries: Country[] | undefined;
  /** The loaded phone check, once the library has arrived. */
  phoneCheck: PhoneCheck | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Resolves with the phone check, loading it when needed (for submit handlers). */
  ensurePhoneCheck: () => Promise<PhoneCheck>;
}

/** The country list and the phone library, fetched when a form with a picker mounts. */
export function useCountryData(): CountryData {
  const { data, error, loading, reload } = useAsync(() => loadCountries(), []);
  const [phoneCheck, setPhoneCheck] = useState<PhoneCheck | null>(null);
  useEffect(() => {
    let live = true;
    // Warm up the phone library in parallel; a failure here is retried on submit.
    loadPhoneCheck().then(
      (check) => live && setPhoneCheck(() => check),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return {
    countries: data,
    phoneCheck,
    loading,
    error,
    reload,
    ensurePhoneCheck: async () => {
      const check = phoneCheck ?? (await loadPhoneCheck());
      if (!phoneCheck) setPhoneCheck(() => check);
      return check;
    },
  };
}
