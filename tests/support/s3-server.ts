// A real S3 API server for the tests (s3rver: the S3 REST API over a temp folder, offline), with one
// empty bucket. The media tests and a many-process test point @aws-sdk/client-s3 at it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../commerce-api/src/config.ts';

export interface TestS3 {
  settings: S3Settings;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'puppynest-media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'pn-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  // s3rver accepts its own fixed credentials
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: settings,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    settings,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
