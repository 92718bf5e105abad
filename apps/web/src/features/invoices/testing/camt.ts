// A camt.053.001.08 bank statement of booked credits, for the bank-statement tests.
export type TestCredit = { amount: string; day: string; text: string; payer?: string };

export const camtStatement = (credits: TestCredit[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>${credits
  .map(
    ({ amount, day, text, payer }) => `
 <Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt>
  <NtryDtls><TxDtls>${payer ? `<RltdPties><Dbtr><Pty><Nm>${payer}</Nm></Pty></Dbtr></RltdPties>` : ''}<RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  )
  .join('')}
</Stmt></BkToCstmrStmt></Document>`;
