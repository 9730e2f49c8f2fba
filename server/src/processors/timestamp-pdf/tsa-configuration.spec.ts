import { InvalidInputError } from '../../refusals/input-errors';
import { chooseTsa, NOT_ALLOWED, NOT_CONFIGURED, SYSTEM_TRUST_STORE, tsaConfiguration } from './tsa-configuration';

describe('the operator’s timestamp authorities', () => {
  it('are off until FOLIO_TSA_URLS names one (http or https only)', () => {
    expect(() => tsaConfiguration({})).toThrow(new InvalidInputError(NOT_CONFIGURED));
    expect(() => tsaConfiguration({ FOLIO_TSA_URLS: ' , ftp://tsa.example/ not-a-url' })).toThrow(NOT_CONFIGURED);
  });

  it('take the first as the default, the system trust store unless FOLIO_TSA_CA_FILE names anchors, and a bounded timeout', () => {
    const configuration = tsaConfiguration({ FOLIO_TSA_URLS: 'http://a.example/tsr, https://b.example:8443/ts', FOLIO_TSA_TIMEOUT_MS: '999999' });
    expect(configuration.urls.map(String)).toEqual(['http://a.example/tsr', 'https://b.example:8443/ts']);
    expect(configuration.trustFile).toBe(SYSTEM_TRUST_STORE);
    expect(configuration.timeoutMs).toBe(60_000);
    expect(chooseTsa(configuration, undefined).href).toBe('http://a.example/tsr');
    expect(chooseTsa(configuration, '  ').href).toBe('http://a.example/tsr');
    expect(tsaConfiguration({ FOLIO_TSA_URLS: 'http://a.example/', FOLIO_TSA_CA_FILE: '/etc/folio/tsa.pem' }).trustFile).toBe('/etc/folio/tsa.pem');
  });

  it('match a requested URL as the reference does: scheme and host in any case, port and path exactly, user-info, query and fragment ignored', () => {
    const configuration = tsaConfiguration({ FOLIO_TSA_URLS: 'http://a.example/tsr https://b.example:8443/ts' });
    expect(chooseTsa(configuration, 'HTTP://A.Example:80/tsr?x=1#f').href).toBe('http://a.example/tsr');
    // The configured URL is used, never the text sent.
    expect(chooseTsa(configuration, 'https://user:pw@b.example:8443/ts').href).toBe('https://b.example:8443/ts');
    for (const refused of [
      'http://a.example/TSR',
      'https://a.example/tsr',
      'http://a.example:8080/tsr',
      'https://b.example/ts',
      'file:///etc/passwd',
      'nonsense',
    ])
      expect(() => chooseTsa(configuration, refused)).toThrow(NOT_ALLOWED);
  });
});
