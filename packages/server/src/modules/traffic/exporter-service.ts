import { FLOW_EXPORTER_TAKEN_MESSAGE, type FlowExporter } from '@netloom/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { canonicalAddress } from './exporter-address';
import { exporterAddressOf, setExporterAddress } from './exporter-repo';
import { findDevice } from './repo';

const taken = () => errors.conflict(FLOW_EXPORTER_TAKEN_MESSAGE, { address: [FLOW_EXPORTER_TAKEN_MESSAGE] });

/**
 * A device's flow exporter address: the source address of the NetFlow v9 / IPFIX datagrams the
 * collector counts as the device's traffic. One address one device across all tenants.
 */
export class FlowExporterService {
  constructor(
    private readonly db: Db,
    /** Told after every change, so this instance's collector reads its directory again at once. */
    private readonly changed: () => void,
  ) {}

  async get(tenantId: string, deviceId: string): Promise<FlowExporter> {
    if (!(await findDevice(this.db, tenantId, deviceId))) throw errors.notFound();
    return { address: await exporterAddressOf(this.db, deviceId) };
  }

  async set(actor: Actor, deviceId: string, body: FlowExporter): Promise<FlowExporter> {
    const tenantId = actor.scope.tenantId;
    if (!(await findDevice(this.db, tenantId, deviceId))) throw errors.notFound();
    const address = body.address === null ? null : canonicalAddress(body.address);
    try {
      await this.db.transaction(async (tx) => {
        await setExporterAddress(tx as unknown as Db, tenantId, deviceId, address);
        await audit(tx as unknown as Db, actor, 'device.flow_exporter', deviceId, { address });
      });
    } catch (err) {
      throw isUniqueViolation(err) ? taken() : err;
    }
    this.changed();
    return { address };
  }
}
