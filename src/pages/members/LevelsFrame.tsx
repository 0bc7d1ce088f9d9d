// The frame of the two level pages (/aotg and /aotg/config): the title, links to the other level
// screens, an operator's company picker, and what a merchant whose company is not set up yet sees.
// The page's content gets the company it is about (null: the caller's own).
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { type CompanyOption, CompanyPicker } from '../../components/CompanyPicker';
import { useCaller } from '../../components/useCaller';

const K = 'member_levels';

export interface LevelsFrameProps {
  /** i18n key of the page's title */
  title: string;
  links: readonly { to: string; label: string }[];
  /** the company picker's help (operators) */
  pickHelp: string;
  children: (companyId: number | null) => ReactNode;
}

export const LevelsFrame = ({ title, links, pickHelp, children }: LevelsFrameProps) => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const operator = caller?.isOperator === true;
  let content: ReactNode = null;
  if (caller !== null) {
    if (!operator && caller.companyId === null)
      // a merchant whose company is not set up yet has no levels and no rule
      content = <Alert severity="info">{translate(`${K}.no_company`)}</Alert>;
    else if (!operator || company !== null) content = children(operator ? (company?.id ?? null) : null);
  }
  return (
    <Box>
      <Title title={translate(title)} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        {links.map((l) => (
          <Button key={l.to} variant="outlined" component={Link} to={l.to}>
            {translate(l.label)}
          </Button>
        ))}
      </Stack>
      {operator ? (
        <CompanyPicker value={company} onChange={setCompany} helperText={translate(pickHelp)} />
      ) : null}
      {content}
    </Box>
  );
};
