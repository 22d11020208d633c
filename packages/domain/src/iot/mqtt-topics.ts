import { z } from 'zod';
import { isStorableText } from '../validators/storable-text';

/**
 * MQTT topic names and filters as MQTT 3.1.1 and 5.0 define them (§4.7 of both): levels split by
 * '/', empty levels allowed; in a filter '+' stands for exactly one level and '#' for any number
 * of levels at the end, the parent included ('sport/#' matches 'sport'); a filter that starts with
 * a wildcard does not match topics starting with '$' ($SYS and the like, the broker's own).
 */
/** The protocol allows 65,535 bytes; real topics are short, and each one forwarded is stored with every value. */
export const MQTT_TOPIC_MAX = 1024;

function commonProblem(text: string, what: string): string | null {
  if (text.length === 0) return `A ${what} has at least one character`;
  if (text.length > MQTT_TOPIC_MAX) return `At most ${MQTT_TOPIC_MAX} characters`;
  // MQTT forbids U+0000; an unpaired surrogate is no UTF-8 either.
  if (!isStorableText(text)) return `A ${what} has no NUL character and no unpaired surrogate`;
  return null;
}

/** Why a topic a client publishes to is not one, or null when it is. */
export function mqttTopicNameProblem(topic: string): string | null {
  return commonProblem(topic, 'topic') ?? (/[+#]/.test(topic) ? "A topic that values are published to has no '+' or '#'" : null);
}

/** Why a subscription filter is not one, or null when it is. */
export function mqttTopicFilterProblem(filter: string): string | null {
  const common = commonProblem(filter, 'topic filter');
  if (common) return common;
  // MQTT 5's shared subscriptions share one filter's messages among clients: a broker matter, not what to forward.
  if (filter.startsWith('$share/')) return 'A shared subscription ($share/…) is not a filter to forward by: give the topic filter itself';
  const levels = filter.split('/');
  for (const [i, level] of levels.entries()) {
    if (level.includes('#') && (level !== '#' || i !== levels.length - 1)) return "'#' stands alone as the last level: 'sensors/#'";
    if (level.includes('+') && level !== '+') return "'+' stands alone for a whole level: 'sensors/+/temperature'";
  }
  return null;
}

export const isMqttTopicName = (topic: string): boolean => mqttTopicNameProblem(topic) === null;
export const isMqttTopicFilter = (filter: string): boolean => mqttTopicFilterProblem(filter) === null;

/** Whether a published topic matches a filter; both are taken as valid (check them where they enter). */
export function mqttTopicMatches(filter: string, topic: string): boolean {
  const wanted = filter.split('/');
  const levels = topic.split('/');
  if (topic.startsWith('$') && (wanted[0] === '+' || wanted[0] === '#')) return false;
  for (const [i, level] of wanted.entries()) {
    if (level === '#') return true;
    if (i >= levels.length || (level !== '+' && level !== levels[i])) return false;
  }
  return wanted.length === levels.length;
}

/** The topic's levels that the filter's '+' stood for, in order: 'zigbee2mqtt/+' on 'zigbee2mqtt/kitchen' gives ['kitchen']. */
export function mqttWildcardLevels(filter: string, topic: string): string[] {
  const levels = topic.split('/');
  return filter.split('/').flatMap((level, i) => (level === '+' ? [levels[i] ?? ''] : []));
}

export const mqttTopicFilterSchema = z.string().superRefine((filter, ctx) => {
  const problem = mqttTopicFilterProblem(filter);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export const mqttTopicNameSchema = z.string().superRefine((topic, ctx) => {
  const problem = mqttTopicNameProblem(topic);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
