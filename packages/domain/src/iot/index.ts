export * from './oui';
export * from './discovery';
