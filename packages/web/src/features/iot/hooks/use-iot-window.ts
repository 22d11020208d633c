import { useSearchParams } from 'react-router';
import { iotWindowOf, type IotWindow } from './iot-windows';

/** The device page's telemetry window, in the URL (a link or a reload keeps it). */
export function useIotWindow(): [IotWindow, (w: IotWindow) => void] {
  const [params, setParams] = useSearchParams();
  const set = (w: IotWindow) =>
    setParams(
      (p) => {
        p.set('window', w);
        return p;
      },
      { replace: true },
    );
  return [iotWindowOf(params.get('window')), set];
}
