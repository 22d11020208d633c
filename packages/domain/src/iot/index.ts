export * from './oui';
export * from './discovery';
export * from './mqtt-topics';
export * from './telemetry';
export * from './health';
