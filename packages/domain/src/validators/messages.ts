/** Validation texts exactly as the spec words them (000 §5, 001 §5). */
export const textInputMessages = {
  ip: "Should be in the format 'x.x.x.x'",
  subnet: "Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32",
  ipFqdn: 'Enter IP or Subnet or FQDN format',
  port: 'Port should be within 1-65535',
  required: 'Field is required',
} as const;

export const chipMessages = {
  ip: 'Should be in the format x.x.x.x',
  port: 'Port should be within 1-65535',
  portRange: 'Please Enter a valid port or port range',
  subnet: 'Format x.x.x.x/y where x is 0-255 and y 1-32',
  url: 'Enter correct URL',
  email: 'Enter valid Email',
  ipPort: 'Format x.x.x.x or x.x.x.x:yyyy',
  ipRange: 'x.x.x.x-x.x.x.x',
  ipsub: 'x.x.x.x or x.x.x.x/y',
  ipOrFqdn: 'Enter IP or FQDN format',
  urlIp: 'Enter correct URL or IP',
  required: 'Field is required',
  duplicate: 'Duplicate Value Found',
} as const;

/** Hints the chip input shows for its types. */
export const chipHints = {
  validIp: 'Please Enter a valid IP',
  validPortOrRange: 'Please Enter a valid port or port range',
  subnet: 'Please Enter a subnet',
  ipOrIpWithPort: 'Please Enter a IP or IP with Port',
} as const;

export const DEFAULT_PLACEHOLDERS = { ip: '{ip}', subnet: '{ip}/0' } as const;
