/**
 * A deployment may host a video per Explore topic: `VITE_TUTORIAL_VIDEO_URL` is a URL with
 * `{topic}` standing for the topic's id (e.g. `https://media.example.com/tutorials/{topic}.mp4`).
 * Without it (the default: the console works offline) the topic shows its shipped steps only.
 */
export function tutorialVideoUrl(topicId: string, env: Record<string, unknown> = import.meta.env): string | null {
  const template = env.VITE_TUTORIAL_VIDEO_URL;
  if (typeof template !== 'string' || !template.includes('{topic}')) return null;
  return template.replaceAll('{topic}', encodeURIComponent(topicId));
}
