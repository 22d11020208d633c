import { useEffect, useState } from 'react';
import { Image, Skeleton } from '@mantine/core';
import QRCode from 'qrcode';

/** The otpauth link as a QR code for the authenticator app's camera (drawn locally, nothing leaves the browser). */
export function OtpauthQr({ url, size = 180 }: { url: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { width: size, margin: 1 })
      .then((data) => live && setSrc(data))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [url, size]);
  return src ? <Image src={src} w={size} h={size} alt="QR code of the two-factor setup link" /> : <Skeleton w={size} h={size} />;
}
