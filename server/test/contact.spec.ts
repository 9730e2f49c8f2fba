import { join } from 'node:path';
import request from 'supertest';
import { ContactStore } from '../src/contact/contact-store';
import { startTestServer, type TestServer } from './support/test-server';

describe('contact form and site configuration', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ contactEmail: 'help@example.org', governingLaw: 'the laws of Testland' })));
  afterAll(() => server.close());

  const valid = { name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'Merge works great.', acceptedTerms: true };

  it('stores a valid message durably and answers success', async () => {
    const res = await request(server.http).post('/api/v1/contact').send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', message: 'Message sent successfully!' });

    const reopened = await ContactStore.open(join(server.config.dataDir, 'contact-messages.sqlite'));
    expect(reopened.list()).toEqual([expect.objectContaining({ name: 'Asha', email: 'asha@example.com', subject: 'Hello', message: 'Merge works great.' })]);
    reopened.close();
  });

  it.each([
    [{ ...valid, name: ' ' }, 'Please fill all fields and accept the terms.'],
    [{ ...valid, acceptedTerms: false }, 'Please fill all fields and accept the terms.'],
    [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{}, 'Please fill all fields and accept the terms.'],
  ])('refuses %p', async (body, message) => {
    const res = await request(server.http).post('/api/v1/contact').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'error', message });
  });

  it('serves the configured contact address and governing law', async () => {
    const res = await request(server.http).get('/api/v1/site-config');
    expect(res.body).toEqual({ contactEmail: 'help@example.org', governingLaw: 'the laws of Testland' });
  });
});
