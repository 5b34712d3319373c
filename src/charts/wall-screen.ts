/**
 * A wall screen (the kiosk) is read from across a room, by nobody who can touch it. Its charts never animate
 * (charts/motion.ts), panels offer no controls, and every chart is drawn larger in proportion to the screen's own
 * text (charts/wall-scale.ts).
 */
import { createContext, useContext } from 'react';

/** True under the kiosk. */
export const WallScreenContext = createContext(false);

export function useWallScreen(): boolean {
  return useContext(WallScreenContext);
}
