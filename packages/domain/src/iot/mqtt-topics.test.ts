import { describe, expect, it } from 'vitest';
import { mqttTopicFilterProblem, mqttTopicFilterSchema, mqttTopicMatches, mqttTopicNameProblem, mqttWildcardLevels } from './mqtt-topics';

describe('MQTT topic filters', () => {
  it("matches '+' to exactly one level, empty levels included", () => {
    expect(mqttTopicMatches('sensors/+/temperature', 'sensors/kitchen/temperature')).toBe(true);
    expect(mqttTopicMatches('sensors/+/temperature', 'sensors//temperature')).toBe(true);
    expect(mqttTopicMatches('sensors/+/temperature', 'sensors/kitchen/north/temperature')).toBe(false);
    expect(mqttTopicMatches('sensors/+', 'sensors')).toBe(false);
    expect(mqttTopicMatches('sensors/+', 'sensors/')).toBe(true);
    expect(mqttTopicMatches('+/+', '/finance')).toBe(true);
    expect(mqttTopicMatches('+', '/finance')).toBe(false);
  });

  it("matches '#' to any number of levels at the end, the parent level included", () => {
    expect(mqttTopicMatches('sport/tennis/#', 'sport/tennis/player1/ranking')).toBe(true);
    expect(mqttTopicMatches('sport/tennis/#', 'sport/tennis')).toBe(true);
    expect(mqttTopicMatches('sport/tennis/#', 'sport/tennisplayer1')).toBe(false);
    expect(mqttTopicMatches('#', 'anything/at/all')).toBe(true);
  });

  it('matches names exactly otherwise, case and slashes counting', () => {
    expect(mqttTopicMatches('home/Kitchen', 'home/kitchen')).toBe(false);
    expect(mqttTopicMatches('home/kitchen', 'home/kitchen/')).toBe(false);
    expect(mqttTopicMatches('/home', 'home')).toBe(false);
  });

  it("does not let a filter starting with a wildcard match the broker's own '$' topics", () => {
    expect(mqttTopicMatches('#', '$SYS/broker/uptime')).toBe(false);
    expect(mqttTopicMatches('+/broker/uptime', '$SYS/broker/uptime')).toBe(false);
    expect(mqttTopicMatches('$SYS/#', '$SYS/broker/uptime')).toBe(true);
    expect(mqttTopicMatches('$SYS/+/uptime', '$SYS/broker/uptime')).toBe(true);
  });

  it('refuses filters the protocol refuses, saying how to write them', () => {
    for (const valid of ['#', '+', 'sensors/#', 'sensors/+/temperature', '/', 'a//b', '+/+/#']) expect(mqttTopicFilterProblem(valid)).toBeNull();
    expect(mqttTopicFilterProblem('sensors/#/temperature')).toBe("'#' stands alone as the last level: 'sensors/#'");
    expect(mqttTopicFilterProblem('sensors#')).toBe("'#' stands alone as the last level: 'sensors/#'");
    expect(mqttTopicFilterProblem('sensors/temp+')).toBe("'+' stands alone for a whole level: 'sensors/+/temperature'");
    expect(mqttTopicFilterProblem('')).toBe('A topic filter has at least one character');
    expect(mqttTopicFilterProblem('a\u0000b')).toMatch(/NUL/);
    expect(mqttTopicFilterProblem('$share/group/sensors/#')).toMatch(/shared subscription/);
    expect(mqttTopicFilterSchema.safeParse('x'.repeat(1025)).error?.issues[0]?.message).toBe('At most 1024 characters');
  });

  it('refuses wildcards in a topic that values are published to', () => {
    expect(mqttTopicNameProblem('sensors/kitchen/temperature')).toBeNull();
    expect(mqttTopicNameProblem('sensors/+/temperature')).toMatch(/no '\+' or '#'/);
    expect(mqttTopicNameProblem('sensors/#')).toMatch(/no '\+' or '#'/);
  });

  it("gives the levels the filter's '+' stood for", () => {
    expect(mqttWildcardLevels('zigbee2mqtt/+', 'zigbee2mqtt/Living room sensor')).toEqual(['Living room sensor']);
    expect(mqttWildcardLevels('shellies/+/sensor/+', 'shellies/shellyht-A1B2/sensor/humidity')).toEqual(['shellyht-A1B2', 'humidity']);
  });
});
