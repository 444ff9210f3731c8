import { and, count, eq, inArray } from 'drizzle-orm';
import { codiceFiscaleCheckChar, partitaIvaCheckDigit } from '@shared/business-profile/italian-tax-ids.ts';
import type { TClientFormValues } from '@shared/clients/contracts.ts';
import { validateEuVat } from '@shared/clients/eu-vat.ts';
import { clients } from '../db/schema/clients.ts';
import type { Db } from '../platform/db.ts';
import { addClient } from './factories.ts';

/**
 * Demo clients (issue 4): Italian companies and people across the country, two EU companies, a public
 * administration with its office code and an archived client. Tax ids pass their check digits: a Partita IVA is
 * a 7-digit serial, the 3-digit code of the province office and the Luhn digit; a codice fiscale gets its check
 * letter. "Rossi Costruzioni S.r.l." is there for the typo-search demo ("Rosi").
 */

/** Partita IVA from the company serial and the province office code ("0412345", "015" → 11 digits). */
function piva(serial: string, office: string): string {
  const first = `${serial}${office}`;
  return first + partitaIvaCheckDigit(first);
}

/** A personal codice fiscale from its first 15 characters. */
function cf(first15: string): string {
  return first15 + codiceFiscaleCheckChar(first15);
}

/** The first EU VAT number made of `base` and one more digit that passes the country's check. */
function euVat(country: string, base: string): string {
  for (let d = 0; d <= 9; d++) {
    const result = validateEuVat(country, `${base}${d}`);
    if (result.valid) return result.number;
  }
  throw new Error(`no valid ${country} VAT number from ${base}`);
}

/** A French VAT number: the numeric key of a SIREN. */
function frVat(siren: string): string {
  for (let key = 0; key < 100; key++) {
    const result = validateEuVat('FR', `${String(key).padStart(2, '0')}${siren}`);
    if (result.valid) return result.number;
  }
  throw new Error(`no valid key for SIREN ${siren}`);
}

const ARCHIVED = 'Merceria Santoro di Santoro Anna';

export const DEMO_CLIENTS: TClientFormValues[] = [
  {
    companyName: 'Rossi Costruzioni S.r.l.',
    email: 'amministrazione@rossicostruzioni.example.com',
    phone: '+39 02 4851 2290',
    address: 'Via Alessandro Manzoni 10',
    postalCode: '20121',
    city: 'Milano',
    province: 'MI',
    vatNumber: piva('0412345', '015'),
    sdiCode: 'M5UXCR1',
    paymentTermsDays: 60,
    notes: 'Cantieri in Lombardia; fatture con riferimento al numero di commessa.',
  },
  {
    companyName: 'Bianchi & Figli S.n.c.',
    email: 'info@bianchiefigli.example.com',
    phone: '+39 011 562 7781',
    address: 'Corso Vittorio Emanuele II 84',
    postalCode: '10121',
    city: 'Torino',
    province: 'TO',
    vatNumber: piva('0897654', '001'),
    pec: 'bianchiefigli@pec.example.com',
  },
  {
    companyName: 'Trattoria Da Gino di Luigi Ferri',
    email: 'prenotazioni@trattoriadagino.example.com',
    phone: '+39 051 223 9045',
    address: 'Via del Pratello 42',
    postalCode: '40122',
    city: 'Bologna',
    province: 'BO',
    vatNumber: piva('0355521', '037'),
    sdiCode: 'KRRH6B9',
    paymentTermsDays: 30,
  },
  {
    companyName: 'Ferramenta Esposito S.a.s.',
    email: 'ordini@ferramentaesposito.example.com',
    phone: '+39 081 551 3320',
    address: 'Via Toledo 156',
    postalCode: '80134',
    city: 'Napoli',
    province: 'NA',
    vatNumber: piva('0671188', '063'),
    sdiCode: 'SUBM70N',
  },
  {
    companyName: 'Studio Legale Colombo e Associati',
    email: 'segreteria@studiocolombo.example.com',
    phone: '+39 02 7601 4410',
    address: 'Corso di Porta Romana 23',
    postalCode: '20122',
    city: 'Milano',
    province: 'MI',
    vatNumber: piva('0923456', '015'),
    pec: 'studiocolombo@pec.example.com',
    paymentTermsDays: 30,
  },
  {
    companyName: 'Panificio Ricci S.n.c.',
    email: 'panificioricci@example.com',
    phone: '+39 0543 27 118',
    address: 'Corso Giuseppe Garibaldi 71',
    postalCode: '47121',
    city: 'Forlì',
    province: 'FC',
    vatNumber: piva('0288417', '040'),
    sdiCode: 'T04ZHR3',
    paymentTermsDays: 0,
    notes: 'Pagamento alla consegna.',
  },
  {
    companyName: 'Autofficina Marino S.r.l.',
    email: 'officina@autofficinamarino.example.com',
    phone: '+39 080 521 6634',
    address: 'Via Giulio Petroni 88',
    postalCode: '70124',
    city: 'Bari',
    province: 'BA',
    vatNumber: piva('0745512', '072'),
    pec: 'autofficinamarino@pec.example.com',
    paymentTermsDays: 60,
  },
  {
    companyName: 'Hotel Bellavista S.p.A.',
    email: 'amministrazione@hotelbellavista.example.com',
    phone: '+39 055 239 8870',
    address: 'Lungarno Amerigo Vespucci 34',
    postalCode: '50123',
    city: 'Firenze',
    province: 'FI',
    vatNumber: piva('0519870', '048'),
    sdiCode: 'USAL8PV',
    paymentTermsDays: 90,
  },
  {
    companyName: 'Cantina Colli Berici Soc. Coop. Agricola',
    email: 'commerciale@collibericicantina.example.com',
    phone: '+39 0444 555 120',
    address: 'Via Ca’ Tosate 2',
    postalCode: '36100',
    city: 'Vicenza',
    province: 'VI',
    vatNumber: piva('0133402', '024'),
    sdiCode: 'M5UXCR1',
  },
  {
    companyName: 'Elettrotecnica Greco S.r.l.',
    email: 'info@elettrotecnicagreco.example.com',
    phone: '+39 091 611 2048',
    address: 'Via della Libertà 120',
    postalCode: '90143',
    city: 'Palermo',
    province: 'PA',
    vatNumber: piva('0598734', '082'),
    pec: 'elettrotecnicagreco@pec.example.com',
  },
  {
    companyName: 'Farmacia Conti Dott.ssa Elena',
    email: 'farmaciaconti@example.com',
    phone: '+39 010 246 8135',
    address: 'Via XX Settembre 15',
    postalCode: '16121',
    city: 'Genova',
    province: 'GE',
    vatNumber: piva('0210987', '010'),
    sdiCode: 'KRRH6B9',
  },
  {
    companyName: 'Tipografia Gallo S.r.l.',
    email: 'preventivi@tipografiagallo.example.com',
    phone: '+39 049 876 5432',
    address: 'Via San Francesco 41',
    postalCode: '35121',
    city: 'Padova',
    province: 'PD',
    vatNumber: piva('0433210', '028'),
    sdiCode: 'SUBM70N',
  },
  {
    companyName: 'Bruno Impianti Idraulici',
    email: 'brunoimpianti@example.com',
    phone: '+39 045 803 1177',
    address: 'Via Mazzini 7',
    postalCode: '37121',
    city: 'Verona',
    province: 'VR',
    vatNumber: piva('0377654', '023'),
    pec: 'brunoimpianti@pec.example.com',
  },
  {
    companyName: 'Agenzia Viaggi Lombardi S.r.l.',
    email: 'booking@viaggilombardi.example.com',
    phone: '+39 030 377 2290',
    address: 'Corso Zanardelli 32',
    postalCode: '25121',
    city: 'Brescia',
    province: 'BS',
    vatNumber: piva('0301234', '017'),
    sdiCode: 'T04ZHR3',
  },
  {
    companyName: 'Caseificio Moretti S.S. Agricola',
    email: 'vendite@caseificiomoretti.example.com',
    phone: '+39 0521 282 901',
    address: 'Strada Langhirano 255',
    postalCode: '43124',
    city: 'Parma',
    province: 'PR',
    vatNumber: piva('0266789', '034'),
    pec: 'caseificiomoretti@pec.example.com',
    paymentTermsDays: 60,
  },
  {
    companyName: 'Fontana Architetti Associati',
    email: 'studio@fontanaarchitetti.example.com',
    phone: '+39 041 522 6410',
    address: 'Fondamenta della Misericordia 2580',
    postalCode: '30121',
    city: 'Venezia',
    province: 'VE',
    vatNumber: piva('0388123', '027'),
    sdiCode: 'USAL8PV',
  },
  {
    companyName: 'Comune di Cesena',
    email: 'protocollo@comune.cesena.example.com',
    phone: '+39 0547 356 111',
    address: 'Piazza del Popolo 10',
    postalCode: '47521',
    city: 'Cesena',
    province: 'FC',
    vatNumber: piva('0014328', '040'),
    codiceFiscale: piva('0014328', '040'),
    isPublicAdministration: true,
    paOfficeCode: 'UFQ2ZT',
    pec: 'protocollo@pec.comune.cesena.example.com',
    paymentTermsDays: 30,
    notes: 'Fatture solo elettroniche, con CIG e codice univoco ufficio.',
  },
  {
    companyName: 'Müller Maschinenbau GmbH',
    email: 'einkauf@mueller-maschinenbau.example.com',
    phone: '+49 89 2180 4400',
    address: 'Leopoldstraße 150',
    postalCode: '80804',
    city: 'München',
    country: 'DE',
    vatNumber: euVat('DE', '81234567'),
    preferredLanguage: 'en',
    paymentTermsDays: 30,
  },
  {
    companyName: 'Boulangerie Dupont SARL',
    email: 'contact@boulangerie-dupont.example.com',
    phone: '+33 4 78 42 17 30',
    address: '12 Rue de la République',
    postalCode: '69002',
    city: 'Lyon',
    country: 'FR',
    vatNumber: frVat('812345678'),
    preferredLanguage: 'en',
  },
  {
    companyName: ARCHIVED,
    email: 'merceriasantoro@example.com',
    phone: '+39 0832 246 810',
    address: 'Via Giuseppe Libertini 18',
    postalCode: '73100',
    city: 'Lecce',
    province: 'LE',
    vatNumber: piva('0455670', '075'),
    notes: 'Attività cessata nel 2025.',
  },
  {
    type: 'person',
    fullName: 'Giulia Verdi',
    email: 'giulia.verdi@example.com',
    phone: '+39 347 112 5589',
    address: 'Via Appia Nuova 210',
    postalCode: '00183',
    city: 'Roma',
    province: 'RM',
    codiceFiscale: cf('VRDGLI85M41H501'),
    paymentTermsDays: 15,
  },
  {
    type: 'person',
    fullName: 'Marco Esposito',
    email: 'marco.esposito@example.com',
    phone: '+39 333 908 1123',
    address: 'Via Posillipo 66',
    postalCode: '80123',
    city: 'Napoli',
    province: 'NA',
    codiceFiscale: cf('SPSMRC78C12F839'),
  },
  {
    type: 'person',
    fullName: 'Francesca Russo',
    email: 'francesca.russo@example.com',
    phone: '+39 340 556 7812',
    address: 'Viale Monza 140',
    postalCode: '20127',
    city: 'Milano',
    province: 'MI',
    codiceFiscale: cf('RSSFNC90E63F205'),
    notes: 'Preferisce essere contattata via e-mail.',
  },
  {
    type: 'person',
    fullName: 'Luca Ferrari',
    email: 'luca.ferrari@example.com',
    phone: '+39 328 441 9067',
    address: 'Via Indipendenza 55',
    postalCode: '40121',
    city: 'Bologna',
    province: 'BO',
    codiceFiscale: cf('FRRLCU82T05A944'),
  },
  {
    type: 'person',
    fullName: 'Chiara Romano',
    email: 'chiara.romano@example.com',
    phone: '+39 366 204 7735',
    address: 'Via Po 18',
    postalCode: '10123',
    city: 'Torino',
    province: 'TO',
    codiceFiscale: cf('RMNCHR95B54L219'),
    preferredLanguage: 'en',
  },
];

/** Adds the demo clients to an organization that has none yet (a second call changes nothing). */
export async function seedClientsDemo(deps: { db: Db; orgId: string; userId: string }) {
  const [existing] = await deps.db
    .select({ n: count() })
    .from(clients)
    .where(eq(clients.organizationId, deps.orgId));
  if ((existing?.n ?? 0) > 0) return 0;
  await deps.db.transaction(async (tx) => {
    // Through the clients service, one by one (its duplicate checks apply); one transaction, so one created_at.
    for (const values of DEMO_CLIENTS) {
      await addClient({ db: tx }, { orgId: deps.orgId, userId: deps.userId, values });
    }
    await tx
      .update(clients)
      .set({ archivedAt: new Date('2025-12-31T17:00:00Z') })
      .where(and(eq(clients.organizationId, deps.orgId), inArray(clients.companyName, [ARCHIVED])));
  });
  return DEMO_CLIENTS.length;
}
