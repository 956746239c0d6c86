// The API client's settings (configureApi), apart from the client itself (client.ts): the
// shell sets them at boot through 'shared-api/session' without loading the client, the
// endpoints or ky. One module per page: 'shared-api' and 'shared-api/session' read the same.
export interface ApiConfig {
  /** API origin (and optional path prefix); default `window.location.origin`. */
  baseUrl?: string;
  /** Called after a 401 on an authenticated call cleared the session; default goes to /login. */
  onUnauthorized?: () => void;
  /** Sent as `X-Client-Versions`, e.g. `shell@1.0.0,mf_public@1.0.0`. */
  clientVersions?: string | null;
}

const defaultOnUnauthorized = (): void => {
  window.location.assign('/login');
};

/** The current settings (the client reads them on every call). */
export const apiConfig: { baseUrl?: string; onUnauthorized: () => void; clientVersions: string | null } = {
  onUnauthorized: defaultOnUnauthorized,
  clientVersions: null,
};

/** Sets the API origin, the 401 handler and the client versions; unspecified fields keep their value. */
export function configureApi(next: ApiConfig): void {
  if ('baseUrl' in next) apiConfig.baseUrl = next.baseUrl || undefined;
  if ('onUnauthorized' in next) apiConfig.onUnauthorized = next.onUnauthorized ?? defaultOnUnauthorized;
  if ('clientVersions' in next) apiConfig.clientVersions = next.clientVersions || null;
}

export function getApiBaseUrl(): string {
  const base = apiConfig.baseUrl ?? (typeof window !== 'undefined' ? window.location.origin : '');
  return base.replace(/\/+$/, '');
}
