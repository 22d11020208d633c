/**
 * What a ticket may carry: screenshots, PDFs, text and logs, packet captures. The type is read
 * from the file's name, never from what the browser claims, and the file is served back as a
 * download of that type only.
 */
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_ATTACHMENTS_PER_MESSAGE = 3;

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pcap: 'application/vnd.tcpdump.pcap',
  pcapng: 'application/vnd.tcpdump.pcap',
  cap: 'application/vnd.tcpdump.pcap',
};

/** What the file picker offers. */
export const TICKET_ATTACHMENT_ACCEPT = Object.keys(TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** The content type a file of this name is stored and served as; null when such files are not taken. */
export function attachmentContentType(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return null;
  return TYPES[filename.slice(dot + 1).toLowerCase()] ?? null;
}

export const attachmentMessages = {
  tooBig: `A file may be at most ${TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
  wrongType: 'Attach images, PDF, text or log files, or packet captures (.pcap)',
  tooMany: `At most ${TICKET_ATTACHMENTS_PER_MESSAGE} files per message`,
  missing: 'Choose a file to attach',
} as const;

/** Why a file is refused before it is stored, or null. */
export function attachmentProblem(filename: string, size: number): string | null {
  if (!attachmentContentType(filename)) return attachmentMessages.wrongType;
  if (size > TICKET_ATTACHMENT_MAX_BYTES) return attachmentMessages.tooBig;
  return null;
}
