import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { ApiError, isRefusal } from '../../api/errors';
import { configToken } from '../../config/config-token';
import { CONFIG_URL } from '../../config/early-config';
import { loadRuntimeConfig } from '../../config/runtime-config';

const CONFIG_RETRY_MS = 60_000;

/**
 * While the API refuses this screen's token (any query's last answer a 401, and none succeeded since), read
 * config.json again every minute; a new token there is used at once (config/config-token.ts) and every query
 * tries again, so the screen recovers without anyone touching it. Mounted with the kiosk, whatever it shows.
 */
export function useConfigTokenRetry() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let refused = false;
    const askedAgain = new WeakSet<ApiError>();
    const unsubscribe = queryClient.getQueryCache().subscribe(({ query }) => {
      const { error, status, fetchStatus } = query.state;
      if (isRefusal(error)) refused = true;
      else if (error instanceof ApiError && error.status === 401 && !askedAgain.has(error)) {
        askedAgain.add(error);
        // Refused a token replaced while the request was out (a refresh sent before config.json was re-read):
        // ask again with the token in use now, rather than show a refusal the new token may not earn.
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }), 0);
      } else if (status === 'success' && fetchStatus === 'idle') refused = false;
    });
    const timer = setInterval(() => {
      if (!refused) return;
      void loadRuntimeConfig(CONFIG_URL).then((result) => {
        if (result.ok) configToken.set(result.config.token ?? null);
        // Everything asks again with the token now in use (stale, so no refused answer is kept).
        void queryClient.invalidateQueries();
      });
    }, CONFIG_RETRY_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [queryClient]);
}
