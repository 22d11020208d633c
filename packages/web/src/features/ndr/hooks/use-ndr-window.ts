import { useSearchParams } from 'react-router';
import { ndrWindowOf, type NdrWindow } from './ndr-windows';

/** An NDR page's window, in the URL (a link or a reload keeps it). */
export function useNdrWindow(): [NdrWindow, (w: NdrWindow) => void] {
  const [params, setParams] = useSearchParams();
  const set = (w: NdrWindow) =>
    setParams(
      (p) => {
        p.set('window', w);
        return p;
      },
      { replace: true },
    );
  return [ndrWindowOf(params.get('window')), set];
}
