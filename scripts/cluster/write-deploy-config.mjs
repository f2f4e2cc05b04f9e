// Writes deploy/haproxy.cfg, the load balancer's configuration for compose.yaml, from the harness's
// own (ADR 190). `node scripts/cluster/write-deploy-config.mjs` after changing haproxyConfig; a test
// fails while the two differ.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { composeHaproxyConfig, root } from './harness.mjs';

writeFileSync(path.join(root, 'deploy/haproxy.cfg'), composeHaproxyConfig());
console.info('deploy/haproxy.cfg written');
