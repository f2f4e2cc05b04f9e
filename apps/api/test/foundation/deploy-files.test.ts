import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The deployment files (Dockerfile, compose.yaml, deploy/haproxy.cfg) cannot be run here (no Docker
 * engine), so they are held to the cluster harness that does run in CI (ADR 190): the same start
 * command, environment variables, health path and load-balancer configuration.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Harness {
  API_COMMAND: string[];
  HEALTH_PATH: string;
  CONTAINER_API_PORT: number;
  CONTAINER_LB_PORT: number;
  COMPOSE_API_SERVICES: string[];
  apiEnvironment(input: Record<string, unknown>): Record<string, string>;
  composeHaproxyConfig(): string;
}
const harness = (await import(path.join(root, 'scripts/cluster/harness.mjs'))) as Harness;

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: unknown;
  depends_on?: unknown;
}

describe('deployment files agree with the cluster harness', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  const lastStage = instructions.slice(instructions.findLastIndex((line) => line.startsWith('FROM ')));

  it('the Dockerfile is multi-stage, runs as a non-root user, and starts the command the harness runs', () => {
    expect(instructions.filter((line) => line.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(lastStage[0]).toMatch(/^FROM node:20\.\d+/);
    const cmd = lastStage.find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(harness.API_COMMAND);
    const user = lastStage.findLast((line) => line.startsWith('USER '));
    expect(user).toBeDefined();
    expect(user!.slice(5).trim()).not.toMatch(/^(root|0)$/);
    expect(lastStage.some((line) => line.startsWith('COPY --from=build /app/apps/web/dist'))).toBe(true);
  });

  it('the image listens where compose and the load balancer expect, and its health check is the harness’s', () => {
    const env = lastStage.filter((line) => line.startsWith('ENV ')).join(' ');
    expect(env).toContain(`PORT=${harness.CONTAINER_API_PORT}`);
    expect(env).toContain('NODE_ENV=production');
    expect(lastStage).toContain(`EXPOSE ${harness.CONTAINER_API_PORT}`);
    const healthcheck = lastStage.find((line) => line.startsWith('HEALTHCHECK '));
    expect(healthcheck).toContain(harness.HEALTH_PATH);
  });

  it('npm start runs the same command', () => {
    const start = read('scripts/start.mjs');
    expect(harness.API_COMMAND.slice(1)).toEqual(['--enable-source-maps', 'apps/api/dist/server.js']);
    expect(start).toContain("spawn(process.execPath, ['--enable-source-maps', apiBundle]");
    expect(start).toContain("path.join(api, 'dist/server.js')");
  });

  it('compose runs the harness’s topology with the harness’s environment', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(
      [...harness.COMPOSE_API_SERVICES, 'lb', 'postgres', 'redis'].sort(),
    );
    const expected = Object.keys(
      harness.apiEnvironment({
        databaseUrl: 'x',
        redisUrl: 'x',
        sessionSecret: 'x',
        publicUrl: 'x',
        jobs: true,
        port: 1,
        host: 'x',
      }),
    ).sort();
    const jobs: string[] = [];
    for (const name of harness.COMPOSE_API_SERVICES) {
      const service = services[name]!;
      expect(service.build, `${name} builds the Dockerfile`).toBe('.');
      expect(Object.keys(service.environment ?? {}).sort(), `${name}'s environment`).toEqual(expected);
      expect(service.environment!.PORT).toBe(String(harness.CONTAINER_API_PORT));
      expect(service.environment!.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(service.environment!.REDIS_URL).toBe('redis://redis:6379');
      jobs.push(service.environment!.JOBS_ENABLED!);
    }
    expect(jobs, 'at least one process runs the jobs').toContain('true');
    expect(services.lb!.image).toMatch(/^haproxy:/);
    expect(services.lb!.ports).toEqual([`${harness.CONTAINER_LB_PORT}:${harness.CONTAINER_LB_PORT}`]);
    expect(services.lb!.volumes).toEqual(['./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
    expect(services.postgres!.healthcheck).toBeDefined();
    expect(services.redis!.healthcheck).toBeDefined();
  });

  it('deploy/haproxy.cfg is the harness’s configuration for the compose services', () => {
    expect(read('deploy/haproxy.cfg')).toBe(harness.composeHaproxyConfig());
    expect(read('deploy/haproxy.cfg')).toContain(`option httpchk GET ${harness.HEALTH_PATH}`);
  });
});
