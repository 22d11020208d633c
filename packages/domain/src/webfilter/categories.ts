import { z } from 'zod';

/**
 * Why an administrator would filter a category, which is how the policy editor groups them:
 * threats ('security'), time ('productivity'), link capacity ('bandwidth'), content the
 * organisation could be answerable for ('legal-liability'), and the rest ('general').
 */
export const WEB_CATEGORY_GROUPS = ['security', 'productivity', 'bandwidth', 'legal-liability', 'general'] as const;
export type WebCategoryGroup = (typeof WEB_CATEGORY_GROUPS)[number];

export interface WebCategory {
  /** Kebab-case and stable: policies store it, so a rename is a new category plus a migration. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly group: WebCategoryGroup;
}

/**
 * The web-filter categories the product ships with. Each domain of the site list has exactly one,
 * so a category names what a site is mostly for (YouTube is streaming media, though it has music).
 * 'newly-registered' is the one category no listed domain carries: it comes from registration
 * dates, which a shipped list cannot know.
 */
export const WEB_CATEGORIES = [
  // Security
  { id: 'malware', name: 'Malware', description: 'Sites that host or distribute malicious software, including command-and-control hosts.', group: 'security' },
  {
    id: 'phishing',
    name: 'Phishing',
    description: 'Sites that imitate trusted brands to steal passwords, card numbers or other personal data.',
    group: 'security',
  },
  {
    id: 'hacking',
    name: 'Hacking',
    description: 'Exploit archives, cracking tools and forums that trade stolen accounts or attack services.',
    group: 'security',
  },
  {
    id: 'proxy-anonymizer',
    name: 'Proxies & Anonymizers',
    description: 'VPN services, web proxies and anonymity networks that can bypass the filter.',
    group: 'security',
  },
  {
    id: 'crypto-mining',
    name: 'Crypto Mining',
    description: 'Mining pools and in-browser miners that use the visitor’s processor to mine cryptocurrency.',
    group: 'security',
  },
  {
    id: 'dynamic-dns',
    name: 'Dynamic DNS',
    description: 'Free dynamic DNS providers, whose subdomains are often used to reach malware servers.',
    group: 'security',
  },
  {
    id: 'parked-domains',
    name: 'Parked Domains',
    description: 'Domain parking and for-sale landing services that show ads instead of content.',
    group: 'security',
  },
  {
    id: 'newly-registered',
    name: 'Newly Registered Domains',
    description: 'Domains registered in the last 30 days, a frequent source of phishing and malware.',
    group: 'security',
  },

  // Legal liability
  { id: 'adult', name: 'Adult Content', description: 'Pornography, live sex cams and other sexually explicit material.', group: 'legal-liability' },
  { id: 'gambling', name: 'Gambling', description: 'Online casinos, sports betting, poker, lotteries and real-money fantasy games.', group: 'legal-liability' },
  { id: 'weapons', name: 'Weapons', description: 'Sale of firearms, ammunition, knives and accessories, and their makers.', group: 'legal-liability' },
  { id: 'drugs', name: 'Drugs', description: 'Recreational drug use, cannabis and psychedelics, including shops that sell them.', group: 'legal-liability' },
  {
    id: 'alcohol-tobacco',
    name: 'Alcohol & Tobacco',
    description: 'Sale and promotion of alcoholic drinks, tobacco and vaping products.',
    group: 'legal-liability',
  },

  // Bandwidth
  {
    id: 'streaming-media',
    name: 'Streaming Media',
    description: 'Video streaming, live streams and TV on demand, with their video delivery hosts.',
    group: 'bandwidth',
  },
  { id: 'music', name: 'Music & Audio', description: 'Music streaming, internet radio, podcasts and lyrics.', group: 'bandwidth' },
  {
    id: 'file-sharing',
    name: 'File Sharing',
    description: 'Services for sending or publishing files to others, such as transfer links and file lockers.',
    group: 'bandwidth',
  },
  { id: 'peer-to-peer', name: 'Peer-to-Peer', description: 'BitTorrent indexes, trackers and peer-to-peer clients.', group: 'bandwidth' },
  {
    id: 'software-updates',
    name: 'Software Updates & Downloads',
    description: 'Operating system and application updates, and software download portals.',
    group: 'bandwidth',
  },
  { id: 'cloud-storage', name: 'Cloud Storage', description: 'Personal and business online storage, backup and file sync.', group: 'bandwidth' },

  // Productivity
  {
    id: 'social-networking',
    name: 'Social Networking',
    description: 'Social networks and media-sharing communities where users publish to followers.',
    group: 'productivity',
  },
  { id: 'messaging', name: 'Messaging', description: 'Instant messaging and chat services and their web clients.', group: 'productivity' },
  { id: 'games', name: 'Games', description: 'Online and browser games, game stores, launchers and gaming news.', group: 'productivity' },
  { id: 'shopping', name: 'Shopping', description: 'Online stores, marketplaces, classifieds and price comparison.', group: 'productivity' },
  { id: 'fashion-beauty', name: 'Fashion & Beauty', description: 'Clothing and cosmetics brands, stores and magazines.', group: 'productivity' },
  { id: 'entertainment', name: 'Entertainment', description: 'Film, TV, celebrity news, humour, comics, tickets and fan sites.', group: 'productivity' },
  { id: 'sports', name: 'Sports', description: 'Sports news, scores, leagues, clubs and fitness tracking.', group: 'productivity' },
  { id: 'dating', name: 'Dating', description: 'Online dating, matchmaking and matrimonial services.', group: 'productivity' },
  { id: 'job-search', name: 'Job Search', description: 'Job boards, recruitment agencies and freelance marketplaces.', group: 'productivity' },

  // General
  { id: 'search-engines', name: 'Search Engines', description: 'Web search engines and search portals.', group: 'general' },
  { id: 'news', name: 'News', description: 'Newspapers, broadcasters’ news sites, news agencies and news portals.', group: 'general' },
  { id: 'webmail', name: 'Webmail', description: 'Web-based email services and email portals.', group: 'general' },
  { id: 'business', name: 'Business', description: 'Business software and services, consulting, logistics and corporate sites.', group: 'general' },
  { id: 'finance', name: 'Finance', description: 'Payments, investing, insurance, credit and financial news.', group: 'general' },
  { id: 'banking', name: 'Banking', description: 'Retail and online banks and their online banking sites.', group: 'general' },
  { id: 'cryptocurrency', name: 'Cryptocurrency', description: 'Cryptocurrency exchanges, wallets, block explorers and crypto news.', group: 'general' },
  { id: 'education', name: 'Education', description: 'Schools, universities, online courses and study aids.', group: 'general' },
  { id: 'kids', name: 'Kids', description: 'Sites made for children: learning games, children’s TV and kid-safe search.', group: 'general' },
  { id: 'reference', name: 'Reference', description: 'Encyclopedias, dictionaries, maps, weather, libraries and reviews.', group: 'general' },
  { id: 'government', name: 'Government', description: 'Government departments, agencies, public services and parliaments.', group: 'general' },
  { id: 'politics', name: 'Politics', description: 'Political parties, campaigns, advocacy groups, petitions and think tanks.', group: 'general' },
  { id: 'religion', name: 'Religion', description: 'Religious texts, organisations and faith communities.', group: 'general' },
  { id: 'health', name: 'Health', description: 'Medical information, pharmacies, health insurers, care providers and wellbeing.', group: 'general' },
  { id: 'travel', name: 'Travel', description: 'Airlines, hotels, booking sites, rail, ride hailing, car rental and guides.', group: 'general' },
  { id: 'real-estate', name: 'Real Estate', description: 'Property listings, rentals and estate agents.', group: 'general' },
  { id: 'auto', name: 'Automotive', description: 'Car makers, car marketplaces, reviews and parts.', group: 'general' },
  { id: 'food', name: 'Food & Dining', description: 'Recipes, restaurants, reviews and food delivery.', group: 'general' },
  {
    id: 'technology',
    name: 'Technology',
    description: 'Computing, electronics, software vendors, developer resources, telecoms and tech news.',
    group: 'general',
  },
  { id: 'ai-tools', name: 'AI Tools', description: 'Generative AI chat, writing, image, audio and coding assistants.', group: 'general' },
  { id: 'collaboration', name: 'Collaboration', description: 'Team chat, documents, project management and whiteboards for work.', group: 'general' },
  { id: 'video-conferencing', name: 'Video Conferencing', description: 'Online meetings, webinars and business calling.', group: 'general' },
  { id: 'forums', name: 'Forums', description: 'Discussion boards, question-and-answer sites and link aggregators.', group: 'general' },
  { id: 'blogs', name: 'Blogs', description: 'Blogging and newsletter platforms and personal publishing.', group: 'general' },
  { id: 'web-hosting', name: 'Web Hosting', description: 'Domain registrars, web hosts, site builders and app platforms.', group: 'general' },
  { id: 'url-shorteners', name: 'URL Shorteners', description: 'Link shortening services, which hide where a link leads.', group: 'general' },
  { id: 'advertising', name: 'Advertising', description: 'Ad networks, ad exchanges and ad servers.', group: 'general' },
  {
    id: 'analytics-tracking',
    name: 'Analytics & Tracking',
    description: 'Web and app analytics, session recording and attribution trackers.',
    group: 'general',
  },
  {
    id: 'cdn-infrastructure',
    name: 'CDN & Infrastructure',
    description: 'Content delivery networks, cloud endpoints, public DNS and certificate services.',
    group: 'general',
  },
] as const satisfies readonly WebCategory[];

export type WebCategoryId = (typeof WEB_CATEGORIES)[number]['id'];

export const WEB_CATEGORY_IDS: readonly WebCategoryId[] = WEB_CATEGORIES.map((c) => c.id);

/** A category id in a policy or an API body. */
export const webCategoryIdSchema = z.enum(WEB_CATEGORY_IDS as [WebCategoryId, ...WebCategoryId[]]);

/**
 * What a domain the site list does not know is shown as. Kept out of WEB_CATEGORIES: it is not a
 * category a site can be listed under, only the absence of one (a policy may still act on it).
 */
export const UNCATEGORISED = { id: 'uncategorised', name: 'Uncategorised' } as const;

const byId = new Map<string, WebCategory>(WEB_CATEGORIES.map((c) => [c.id, c]));

export function webCategoryById(id: string): WebCategory | undefined {
  return byId.get(id);
}
