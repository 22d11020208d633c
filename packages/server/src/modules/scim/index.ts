// The SCIM module as the composition root sees it.
export { scimTokenRoutes } from './routes';
export { scimProtocolRoutes } from './protocol-routes';
export { ScimTokenService } from './token-service';
export { ScimUserService } from './user-service';
export { ScimGroupService } from './group-service';
