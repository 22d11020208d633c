export * from './oui';
