import { CLIENT_RELEASES, type EndpointOs, type PostureReport } from '@netloom/domain';
import { chance, mulberry32, pick, seedFrom, type Random } from './prng';

/** Versions each system is found at: supported ones (newest first) and some a policy's minimum version would refuse. */
export const OS_VERSIONS: Record<EndpointOs, { current: readonly string[]; old: readonly string[] }> = {
  windows: { current: ['10.0.26100', '10.0.22631', '10.0.19045'], old: ['10.0.17763', '6.3.9600'] },
  macos: { current: ['15.1', '14.6.1', '13.7'], old: ['12.7.6', '11.7.10'] },
  linux: { current: ['6.8.0', '6.5.0', '6.1.0'], old: ['5.4.0', '4.15.0'] },
  android: { current: ['15', '14', '13'], old: ['11', '10'] },
  ios: { current: ['18.1', '17.6', '16.7'], old: ['15.8', '14.8'] },
};

/** What makes an endpoint fail a posture check: an old system, the firewall off, the disk not encrypted, an old client. */
export const POSTURE_FAILURES = ['old-os', 'firewall-off', 'disk-unencrypted', 'old-client'] as const;
export type PostureFailure = (typeof POSTURE_FAILURES)[number];

/** How often a fleet's endpoints are found so: most pass every check. */
const FAILURE_CHANCE: Record<PostureFailure, number> = { 'old-os': 0.06, 'firewall-off': 0.08, 'disk-unencrypted': 0.07, 'old-client': 0.1 };

const mobile = (os: EndpointOs) => os === 'android' || os === 'ios';

/** The client releases of a system, newest first (CLIENT_RELEASES lists them so). */
export const clientReleasesOf = (os: EndpointOs): string[] => CLIENT_RELEASES.filter((r) => r.os === os).map((r) => r.version);

/**
 * The client version an endpoint was installed with, in one draw: mostly the newest release of
 * its system, else the one before, now and then the oldest still around.
 */
export function installedClientVersion(os: EndpointOs, random: Random): string {
  const releases = clientReleasesOf(os);
  const r = random();
  const index = r < 0.65 ? 0 : r < 0.9 ? 1 : 2;
  return releases[Math.min(index, releases.length - 1)]!;
}

/**
 * An endpoint's posture as its agent reports it, from its own stream (the same serial, the same
 * posture on every run). Phones report no firewall state (a sandboxed app cannot tell): a policy
 * asking for the firewall refuses them, as a missing value never passes.
 */
export function postureOf(serial: string, os: EndpointOs, clientVersion: string): PostureReport {
  const random = mulberry32(seedFrom(serial, 'posture'));
  const versions = OS_VERSIONS[os];
  const old = chance(random, FAILURE_CHANCE['old-os']);
  const os_version = old ? pick(random, versions.old) : pick(random, versions.current);
  const firewallOff = chance(random, FAILURE_CHANCE['firewall-off']);
  const unencrypted = chance(random, FAILURE_CHANCE['disk-unencrypted']);
  return {
    os_version,
    client_version: clientVersion,
    disk_encrypted: mobile(os) ? true : !unencrypted,
    firewall_on: mobile(os) ? null : !firewallOff,
  };
}

/**
 * A posture chosen for a test or a journey: 'pass' passes every check (the newest system and
 * client, encrypted, firewall on); a list fails exactly those checks and passes the others.
 */
export type PostureChoice = 'pass' | readonly PostureFailure[];

export function chosenPosture(os: EndpointOs, choice: PostureChoice): PostureReport {
  const fails = new Set(choice === 'pass' ? [] : choice);
  const releases = clientReleasesOf(os);
  return {
    os_version: fails.has('old-os') ? OS_VERSIONS[os].old[0]! : OS_VERSIONS[os].current[0]!,
    client_version: fails.has('old-client') ? releases[releases.length - 1]! : releases[0]!,
    disk_encrypted: !fails.has('disk-unencrypted'),
    firewall_on: !fails.has('firewall-off'),
  };
}

/** Reads 'pass' or a comma list such as 'firewall-off,old-client'; null when it is neither. */
export function parsePostureChoice(text: string): PostureChoice | null {
  if (text.trim() === 'pass') return 'pass';
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || !parts.every((p): p is PostureFailure => (POSTURE_FAILURES as readonly string[]).includes(p))) return null;
  return parts;
}
