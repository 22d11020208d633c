/**
 * The applications the traffic panels name. `domains` match a TLS SNI or HTTP host on a label
 * boundary (the domain itself or any subdomain; the longest matching domain wins, so
 * teams.microsoft.com is Teams while the rest of microsoft.com is Microsoft 365). `ports` are
 * server ports: 'tcp/443', a range 'udp/8801-8810', or a protocol alone ('esp', 'icmp') for
 * traffic without ports. A domain or a port names one application only (tested).
 *
 * Order matters only for reading: domains are tried before ports, because a port says little
 * today (nearly everything is HTTPS on 443) and the SNI says who the server is.
 */
export interface ApplicationSignature {
  readonly id: string;
  readonly name: string;
  readonly domains?: readonly string[];
  readonly ports?: readonly string[];
}

export const APPLICATION_SIGNATURES = [
  {
    id: 'microsoft-365',
    name: 'Microsoft 365',
    domains: ['microsoft.com', 'office.com', 'office.net', 'office365.com', 'outlook.com', 'sharepoint.com', 'onedrive.com', 'microsoftonline.com', 'live.com'],
  },
  { id: 'teams', name: 'Microsoft Teams', domains: ['teams.microsoft.com', 'teams.live.com', 'teams.cloud.microsoft'] },
  { id: 'zoom', name: 'Zoom', domains: ['zoom.us', 'zoom.com', 'zoomgov.com'], ports: ['udp/8801-8810', 'tcp/8801-8802'] },
  { id: 'webex', name: 'Webex', domains: ['webex.com', 'wbx2.com', 'ciscospark.com'] },
  { id: 'google', name: 'Google', domains: ['google.com', 'googleapis.com', 'gstatic.com', 'googleusercontent.com', 'gmail.com', 'gvt1.com', '1e100.net'] },
  { id: 'youtube', name: 'YouTube', domains: ['youtube.com', 'youtu.be', 'ytimg.com', 'googlevideo.com', 'youtube-nocookie.com'] },
  { id: 'netflix', name: 'Netflix', domains: ['netflix.com', 'nflxvideo.net', 'nflximg.net', 'nflxext.com', 'nflxso.net'] },
  { id: 'whatsapp', name: 'WhatsApp', domains: ['whatsapp.com', 'whatsapp.net', 'wa.me'] },
  { id: 'facebook', name: 'Facebook', domains: ['facebook.com', 'facebook.net', 'fbcdn.net', 'fb.com', 'messenger.com'] },
  { id: 'instagram', name: 'Instagram', domains: ['instagram.com', 'cdninstagram.com'] },
  { id: 'tiktok', name: 'TikTok', domains: ['tiktok.com', 'tiktokcdn.com', 'tiktokv.com'] },
  { id: 'x', name: 'X (Twitter)', domains: ['x.com', 'twitter.com', 'twimg.com', 't.co'] },
  { id: 'linkedin', name: 'LinkedIn', domains: ['linkedin.com', 'licdn.com'] },
  { id: 'spotify', name: 'Spotify', domains: ['spotify.com', 'spotifycdn.com', 'scdn.co'] },
  { id: 'slack', name: 'Slack', domains: ['slack.com', 'slack-edge.com', 'slack-msgs.com', 'slack-files.com'] },
  { id: 'salesforce', name: 'Salesforce', domains: ['salesforce.com', 'force.com', 'sfdcstatic.com'] },
  { id: 'aws', name: 'Amazon Web Services', domains: ['amazonaws.com', 'aws.amazon.com', 'awsstatic.com', 'cloudfront.net'] },
  { id: 'dropbox', name: 'Dropbox', domains: ['dropbox.com', 'dropboxapi.com', 'dropboxusercontent.com', 'dropboxstatic.com'] },
  { id: 'apple', name: 'Apple iCloud', domains: ['icloud.com', 'apple.com', 'mzstatic.com'] },
  { id: 'https', name: 'HTTPS', ports: ['tcp/443', 'udp/443', 'tcp/8443'] },
  { id: 'http', name: 'HTTP', ports: ['tcp/80', 'tcp/8080'] },
  { id: 'dns', name: 'DNS', ports: ['udp/53', 'tcp/53', 'tcp/853'] },
  { id: 'ntp', name: 'NTP', ports: ['udp/123'] },
  { id: 'dhcp', name: 'DHCP', ports: ['udp/67-68'] },
  { id: 'ssh', name: 'SSH', ports: ['tcp/22'] },
  { id: 'rdp', name: 'RDP', ports: ['tcp/3389', 'udp/3389'] },
  { id: 'smtp', name: 'SMTP', ports: ['tcp/25', 'tcp/465', 'tcp/587'] },
  { id: 'imap', name: 'IMAP', ports: ['tcp/143', 'tcp/993'] },
  { id: 'pop3', name: 'POP3', ports: ['tcp/110', 'tcp/995'] },
  { id: 'ftp', name: 'FTP', ports: ['tcp/20-21'] },
  { id: 'smb', name: 'SMB', ports: ['tcp/445'] },
  { id: 'snmp', name: 'SNMP', ports: ['udp/161-162'] },
  { id: 'sip', name: 'SIP/VoIP', ports: ['udp/5060', 'tcp/5060', 'tcp/5061'] },
  { id: 'openvpn', name: 'OpenVPN', ports: ['udp/1194', 'tcp/1194'] },
  { id: 'wireguard', name: 'WireGuard', ports: ['udp/51820'] },
  { id: 'ipsec', name: 'IPsec', ports: ['udp/500', 'udp/4500', 'esp', 'ah'] },
  { id: 'icmp', name: 'ICMP', ports: ['icmp'] },
] as const satisfies readonly ApplicationSignature[];

export type ApplicationId = (typeof APPLICATION_SIGNATURES)[number]['id'];
