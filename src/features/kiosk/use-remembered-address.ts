import { useEffect } from 'react';
import { useNavigate } from '../../lib/router/router';

import { kioskAddress } from './kiosk-snapshot';

/** Where the kiosk's address is remembered: it holds no token (kioskAddress keeps its own parameters only). */
const REMEMBERED_ADDRESS = 'location-analytics.kiosk-address';

/**
 * The app installed on a tablet opens `/kiosk` (offline/web-app-manifest.ts): with no parameters, the kiosk opens
 * the address it was last given in this browser; any other address is remembered for that.
 */
export function useRememberedAddress(search: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const address = kioskAddress(search);
    try {
      if (address) localStorage.setItem(REMEMBERED_ADDRESS, address);
      else {
        const remembered = localStorage.getItem(REMEMBERED_ADDRESS);
        if (remembered) void navigate({ search: `?${kioskAddress(remembered)}` }, { replace: true });
      }
    } catch {
      // A browser that refuses storage: the address is all there is.
    }
  }, [search, navigate]);
}
