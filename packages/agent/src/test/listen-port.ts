/** Tests take nginx's ports as the agent takes its relay's. */
export { freeLoopbackPort as freeListenPort } from '../host/loopback-port';
