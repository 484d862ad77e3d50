import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { buildApp } from 'fauxqs';

export const S3_TEST_CREDENTIALS = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };

/**
 * A real S3-compatible server on a free loopback port: fauxqs, objects in memory, spoken to over
 * HTTP by the AWS SDK like any store (multipart uploads and their abort included).
 */
export async function startS3Server() {
  const app = buildApp({ logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new S3Client({ endpoint: url, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  return {
    url,
    /** An administrator's client, for what the storage port does not do (buckets, listings). */
    client,
    async createBucket(): Promise<string> {
      const name = `test-${randomUUID()}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async close() {
      client.destroy();
      await app.close();
    },
  };
}
