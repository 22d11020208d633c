import { z } from 'zod';

/**
 * The kinds of device Netloom tells apart on a LAN, as Armis or Cisco Cyber Vision group them:
 * by what the device is for, since that decides what it should talk to (its profile) and how to
 * fence it (segmentation). 'unknown' is what the evidence does not decide.
 */
export const IOT_CLASSES = [
  'camera',
  'nvr',
  'printer',
  'sensor',
  'plc',
  'building',
  'medical',
  'voip',
  'media',
  'smart_speaker',
  'access_point',
  'phone',
  'computer',
  'unknown',
] as const;
export type IotClass = (typeof IOT_CLASSES)[number];
export const iotClassSchema = z.enum(IOT_CLASSES);

export const IOT_CLASS_LABELS: Record<IotClass, string> = {
  camera: 'IP camera',
  nvr: 'Video recorder (NVR/DVR)',
  printer: 'Printer',
  sensor: 'Sensor or smart device',
  plc: 'PLC / industrial controller',
  building: 'Building automation (thermostat, HVAC, lighting)',
  medical: 'Medical device',
  voip: 'VoIP phone',
  media: 'TV or media player',
  smart_speaker: 'Smart speaker',
  access_point: 'Access point or network device',
  phone: 'Phone or tablet',
  computer: 'Computer',
  unknown: 'Unknown',
};
