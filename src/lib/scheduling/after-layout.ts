/**
 * Runs `measure` after the frame's layout: at a ResizeObserver's first report on `element`, then at each later one
 * while `follow`; at once where there is no ResizeObserver. For what a component measures as it is put in: read in
 * its commit's effects, a size or a computed style lays the whole new page out in that commit's task, where after
 * the layout it costs nothing. Returns the stop.
 */
export function measureAfterLayout(element: Element, measure: () => void, follow: boolean): () => void {
  if (typeof ResizeObserver === 'undefined') {
    measure();
    return () => {};
  }
  const observer = new ResizeObserver(() => {
    if (!follow) observer.disconnect();
    measure();
  });
  observer.observe(element);
  return () => observer.disconnect();
}
