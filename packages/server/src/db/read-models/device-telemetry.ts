// Read model: what devices reported (metrics, CPU and memory, status snapshots), for graphs, reports and the status pages.
// Owner: agent (db/schema/device-telemetry.ts). Importers read and join these tables; they never insert, update or delete them
// (read-only.test.ts checks): a change goes through the owner.
export { deviceMetrics, deviceStatusSnapshots, deviceSystemMetrics } from '../schema/device-telemetry';
