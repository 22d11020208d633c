import { AGENT_CLOSE, deviceMessageSchema } from '@netloom/domain';

/** The exports a server may not take yet: evidence for NDR and the IoT Gateway, newer than the rest of the protocol. */
export const OPTIONAL_EXPORT_TYPES = ['dns_queries', 'ids_alerts', 'iot_devices', 'iot_telemetry'] as const;
export type OptionalExportType = (typeof OPTIONAL_EXPORT_TYPES)[number];

/** Whether the agent protocol (the device message schema the server parses with) has a message of this type. */
export function protocolCarries(type: string): boolean {
  return deviceMessageSchema.options.some((o) => o.shape.type.value === type);
}

/**
 * Whether a newer export is still welcome on the connection. A server that does not know a
 * message type closes the socket as malformed, and one that does not acknowledge it lets its
 * batches wait: either must cost the device nothing else. So a type is on probation until the
 * server first acknowledges one of its batches; a malformed close while a batch of it was on the
 * wire (or one whose reason names it) switches it off for the rest of the run, and the device
 * reconnects with everything else as before. Unacknowledged batches only fill their own outbox.
 */
export class ExportProbe {
  private proven = false;
  private sentOnConnection = false;
  refusal: string | null = null;

  constructor(readonly type: OptionalExportType) {}

  get refused(): boolean {
    return this.refusal !== null;
  }

  sent(): void {
    this.sentOnConnection = true;
  }

  acked(): void {
    this.proven = true;
  }

  /** The connection closed; true when it is this type the server refused. */
  closed(code: number, reason: string): boolean {
    const sent = this.sentOnConnection;
    this.sentOnConnection = false;
    if (this.refused || code !== AGENT_CLOSE.malformed.code) return false;
    if (!reason.includes(this.type) && (this.proven || !sent)) return false;
    this.refusal = reason || AGENT_CLOSE.malformed.reason;
    return true;
  }
}
