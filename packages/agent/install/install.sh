#!/usr/bin/env bash
# Installs the Netloom agent on a Debian or Ubuntu gateway, from a checkout of Netloom:
#   sudo packages/agent/install/install.sh --server https://console.example.com --key ENROLMENT_KEY
# It installs the packages the agent drives, copies the checkout to /opt/netloom-agent, writes
# /etc/netloom-agent/env (root only: it holds the key) and starts the systemd unit.
set -euo pipefail
server=""
key=""
while [ $# -gt 0 ]; do
  case "$1" in
    --server) server="$2"; shift 2 ;;
    --key) key="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -z "$server" ] || [ -z "$key" ]; then
  echo "usage: install.sh --server URL --key KEY" >&2
  exit 2
fi
if [ "$(id -u)" != 0 ]; then
  echo "install.sh runs as root" >&2
  exit 1
fi
here="$(cd "$(dirname "$0")/../../.." && pwd)"

# What the agent drives: iproute2 and nftables always, dnsmasq for DHCP and DNS filtering. FRR and
# strongSwan are optional: without them the agent refuses BGP and IPsec pushes and says why. iperf3
# (throughput tests) is optional too.
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm iproute2 nftables dnsmasq iputils-ping conntrack tcpdump traceroute
# The distribution's dnsmasq service would hold port 53; the agent runs its own instance.
systemctl disable --now dnsmasq 2>/dev/null || true

mkdir -p /opt/netloom-agent
cp -a "$here/." /opt/netloom-agent/
(cd /opt/netloom-agent && npm ci --omit=dev --workspace @netloom/agent --include-workspace-root --no-audit --no-fund && npm install --no-save tsx)

install -d -m 0700 /etc/netloom-agent
umask 077
printf 'NETLOOM_SERVER=%s\nNETLOOM_KEY=%s\n' "$server" "$key" > /etc/netloom-agent/env
install -m 0644 "$here/packages/agent/install/netloom-agent.service" /etc/systemd/system/netloom-agent.service
systemctl daemon-reload
systemctl enable --now netloom-agent
echo "The agent is running: journalctl -u netloom-agent -f. Approve the gateway in the console unless the organisation approves new devices itself."
