/** Every seeded test login's password. */
export const DEMO_PASSWORD = 'netloom-demo';
