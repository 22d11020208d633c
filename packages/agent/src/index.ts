export * from './agent';
export * from './support';
export * from './host/capabilities';
