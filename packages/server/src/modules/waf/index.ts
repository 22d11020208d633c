/** QShield's WAF as the composition root, the configuration engine and the demo seed see it. */
export { wafRoutes } from './routes';
export { wafIntelRoutes } from './intel-routes';
export { wafAnalyticsRoutes } from './analytics-routes';
export { WafService } from './service';
export { ThreatIntelService } from './threat-intel-service';
export { WafEventsService } from './events-service';
export { wafSections } from './sections';
export { dnsAddressLookup } from './dns-check';
export { wafPopRoutes } from './pop-routes';
export { WafPopService } from './pops-service';
export { wafApiSecurityRoutes } from './api-security-routes';
export { WafApiSecurityService } from './api-security-service';
export { wafBotRoutes } from './bot-routes';
export { WafBotService } from './bot-service';
export { reverseDnsVerifier } from './reverse-dns';
export { wafGuardRoutes } from './guard-routes';
export { WafGuardService } from './guard-service';
