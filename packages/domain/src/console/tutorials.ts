/**
 * The 'Explore' form of the free-trial dialog (spec 000 §2.17): six tutorial topics. The console
 * runs without internet, so each topic ships its own steps; a deployment may add a video per topic
 * (its URL from configuration), shown above the steps.
 */
export interface TutorialTopic {
  /** Stable id: the key of the configured video and of the 'already opened' memory. */
  id: string;
  /** The spec's wording, kept as written. */
  title: string;
  steps: readonly string[];
}

export const TUTORIAL_TOPICS: readonly TutorialTopic[] = [
  {
    id: 'endpoint-client',
    title: 'Endpoint Client Application',
    steps: [
      'Open MicroZAccess › Get MicroZAccess and download the client for Windows, macOS or Linux.',
      'Install it and sign in with your e-mail and password (or single sign-on).',
      'A default profile named mza appears: switch it on to connect.',
      'The endpoint shows up under Organization › Inventory; approve it there unless auto-approval is on.',
    ],
  },
  {
    id: 'users-and-groups',
    title: 'Users and group creation',
    steps: [
      'Open Teams › Users and choose Invite user: enter the e-mail and pick a role.',
      'The person receives an e-mail to set a password and sign in.',
      'Open Teams › Groups, create a group and add the users who need the same access.',
    ],
  },
  {
    id: 'endpoint-profiles',
    title: 'Endpoint profile creation',
    steps: [
      'Open MicroZAccess › Endpoint Profiles and choose Create profile.',
      'Name the profile, choose its relays and the networks it reaches through the overlay.',
      'Assign it to users or groups: their clients receive it on the next connection.',
    ],
  },
  {
    id: 'security-groups',
    title: 'Security groups creations',
    steps: [
      'Open Organization › Configure › Security groups and choose Create.',
      'Name the group and add the users, groups or endpoints it stands for.',
      'Use the security group in policies so a rule follows people rather than addresses.',
    ],
  },
  {
    id: 'data-protection-policy',
    title: 'Data protection policy',
    steps: [
      'Open Organization › Policies and choose Create policy.',
      'Pick who it applies to (users, groups or security groups) and the servers it covers.',
      'Require a device posture (disk encryption, up-to-date OS) and choose Allow or Deny.',
      'Order matters: the first matching policy decides; the default decides the rest.',
    ],
  },
  {
    id: 'web-filtering',
    title: 'Web Filering',
    steps: [
      'Open Web filter › URL Filtering and create a policy.',
      'Block whole categories (gambling, malware…) or single URLs, and allow the exceptions you need.',
      'Apply it to users or groups; decisions appear under Logs › Web filter logs.',
    ],
  },
];
