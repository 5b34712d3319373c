/**
 * What every page needs from start-up: the runtime configuration and the one API client.
 */
import { createContext, useContext } from 'react';

import type { ApiClient } from '../api/client';
import type { RuntimeConfig } from './runtime-config';

export interface AppContextValue {
  config: RuntimeConfig;
  client: ApiClient;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside <AppContext.Provider>');
  return value;
}
