import { multipartBody } from './multipart-body';

describe('multipartBody', () => {
  it('says its exact length, reports every byte it hands on, and reads as the parts it was given', async () => {
    const file = new Blob([new Uint8Array(5000).fill(7)]);
    const body = multipartBody([
      { name: 'angle', text: '90' },
      { name: 'fileInput', fileName: 'my "report".pdf', content: file, contentType: 'application/pdf' },
    ]);
    let reported = 0;
    const chunks: Uint8Array[] = [];
    for await (const chunk of body.stream((bytes) => (reported += bytes))) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(body.length);
    expect(reported).toBe(body.length);
    const form = await new Response(bytes, { headers: { 'content-type': body.contentType } }).formData();
    expect(form.get('angle')).toBe('90');
    const sent = form.get('fileInput') as File;
    expect(sent.size).toBe(5000);
    // Escaped as browsers escape it (HTML spec), so a reader that follows the spec reads the quotes back.
    expect(sent.name).toBe('my "report".pdf');
  });
});
