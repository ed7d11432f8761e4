// Webhook URLs that reach the server's own network (loopback, private, link-local… in every
// spelling the URL parser accepts): refused when saved and when delivered.

/** URLs that reach inside and must be refused when saved (without ALERT_WEBHOOK_ALLOW_PRIVATE). */
export const INSIDE_URLS = [
  'https://127.0.0.1/', 'https://127.1.2.3/', 'https://localhost/', 'https://localhost./', 'https://LOCALHOST:8443/x',
  'https://api.localhost/', 'https://127.0.0.1./',
  // every IPv4 spelling: decimal, octal, hex, short forms
  'https://2130706433/', 'https://0177.0.0.1/', 'https://0x7f.1/', 'https://0x7f000001/', 'https://127.1/', 'https://017700000001/',
  'https://10.1.2.3/', 'https://172.16.5.4/', 'https://192.168.0.10/', 'https://169.254.169.254/latest/meta-data/', 'https://100.64.0.1/',
  'https://0.0.0.0/', 'https://0/', 'https://224.0.0.1/', 'https://255.255.255.255/', 'https://240.0.0.1/', 'https://192.0.2.1/',
  'https://[::1]/', 'https://[::]/', 'https://[fe80::1]/', 'https://[fc00::1]/', 'https://[fd12:3456::1]/', 'https://[ff02::1]/',
  // IPv6 forms embedding an IPv4 address
  'https://[::127.0.0.1]/', 'https://[::ffff:127.0.0.1]/', 'https://[::ffff:0:7f00:1]/', 'https://[::ffff:0:127.0.0.1]/',
  'https://[64:ff9b::7f00:1]/', 'https://[64:ff9b::8.8.8.8]/', 'https://[2002:7f00:1::]/', 'https://[2002:c0a8:1::1]/',
];
