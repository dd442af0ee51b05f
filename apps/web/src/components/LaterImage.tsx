import type { ImgHTMLAttributes } from 'react';
import { useUi } from '../stores/ui';

/**
 * A picture below the first screen (or in a carousel's later slides) that is asked for only once the
 * page is shown and interactive (`pageShown`): on a phone's connection the first screen's picture,
 * the page's code and its fonts get the bandwidth first, and the browser's own lazy loading would
 * fetch these at once (it looks 1,250–2,500 px ahead). Until then it keeps its box (width, height or
 * the stylesheet's aspect ratio), so nothing moves when it arrives. Pages reached later show it at once.
 */
export function LaterImage({
  src,
  alt,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const shown = useUi((s) => s.pageShown);
  return <img {...rest} src={shown ? src : undefined} alt={alt} loading="lazy" decoding="async" />;
}
