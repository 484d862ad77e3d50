// The Pipedrive fake of the API's tests (apps/api/test/fake-pipedrive.ts), started by the Playwright
// config and handed to the server as PIPEDRIVE_API_URL; journeys connect with FAKE_PIPEDRIVE_TOKEN.
import { startFakePipedrive } from '../../../apps/api/test/fake-pipedrive';

export { FAKE_PIPEDRIVE_TOKEN } from '../../../apps/api/test/fake-pipedrive';

export async function startPipedriveServer(): Promise<string> {
  return (await startFakePipedrive()).url;
}
