// /onboarding/questionnaire (spec 4): intro, question 1/2 (investor type), question 2/2
// (high net worth). Next advances up to the last step; Previous shows there and goes
// back; Submit saves the answers and thanks the investor.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'shared-ui/router';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
} from 'shared-ui/mui-inputs';
import { Button, toast } from 'shared-ui/core';
import { PageHeader } from 'shared-ui/components';
import { getQuestionnaire, readError, saveQuestionnaire } from 'shared-api';
import {
  MESSAGES,
  QUESTIONNAIRE_INCOME_THRESHOLD_GBP,
  isValidIncomeInput,
  paths,
  type InvestorType,
  type QuestionnaireAnswers,
} from 'shared-api/contract';
import {
  INCOME_LABEL,
  INCOME_QUESTION,
  INCOME_REQUIRED,
  INCOME_ROUNDING,
  INCOME_THRESHOLD,
  INCOME_TOO_LOW,
  INVESTOR_TYPE_OPTIONS,
  NET_ASSETS_NOTE,
  NET_ASSETS_QUESTION,
  gbp,
  roundIncome,
} from './questionnaire-content';

type YesNo = 'yes' | 'no';
const LAST_STEP = 2;

interface Form {
  investor_type: InvestorType;
  annual_income_100_or_more: YesNo;
  annual_income_value: string;
  net_assets: YesNo;
}

const DEFAULTS: Form = { investor_type: 'RESTRICTED', annual_income_100_or_more: 'no', annual_income_value: '', net_assets: 'no' };

function fromSaved(q: QuestionnaireAnswers): Form {
  return {
    investor_type: q.investorType,
    annual_income_100_or_more: q.annualIncome100OrMore ? 'yes' : 'no',
    annual_income_value: q.annualIncomeValue === null ? '' : String(q.annualIncomeValue),
    net_assets: q.netAssets ? 'yes' : 'no',
  };
}

export function toAnswers(f: Form): QuestionnaireAnswers {
  const income = f.annual_income_100_or_more === 'yes';
  const rounded = roundIncome(f.annual_income_value);
  return {
    investorType: f.investor_type,
    highNetWorthInvestor: income || f.net_assets === 'yes',
    annualIncome100OrMore: income,
    annualIncomeValue: income && rounded !== '' ? Number(rounded) : null,
    netAssets: f.net_assets === 'yes',
  };
}

function incomeProblem(f: Form): string | null {
  if (f.annual_income_100_or_more !== 'yes') return null;
  const rounded = roundIncome(f.annual_income_value);
  if (rounded === '') return INCOME_REQUIRED;
  if (Number(rounded) < QUESTIONNAIRE_INCOME_THRESHOLD_GBP) return INCOME_TOO_LOW;
  return null;
}

function YesNoQuestion({
  legend,
  name,
  value,
  onChange,
  note,
  children,
}: {
  legend: string;
  name: string;
  value: YesNo;
  onChange: (v: YesNo) => void;
  note?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <FormControl component="fieldset" sx={{ display: 'grid', gap: 0.5 }}>
      <FormLabel component="legend" id={id} sx={{ color: 'text.primary', fontWeight: 600 }}>
        {legend}
      </FormLabel>
      {note && <FormHelperText sx={{ mx: 0 }}>{note}</FormHelperText>}
      <RadioGroup row name={name} value={value} onChange={(e) => onChange(e.target.value as YesNo)} aria-labelledby={id}>
        <FormControlLabel value="yes" control={<Radio />} label="Yes" />
        <FormControlLabel value="no" control={<Radio />} label="No" />
      </RadioGroup>
      {children}
    </FormControl>
  );
}

export function QuestionnairePage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<Form>(DEFAULTS);
  const [saving, setSaving] = useState(false);
  const [incomeError, setIncomeError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const incomeRef = useRef<HTMLInputElement>(null);
  const moved = useRef(false);
  const touched = useRef(false);
  const incomeId = useId();

  // Answers given before (a second visit) are shown again; none yet is the usual case.
  useEffect(() => {
    let live = true;
    getQuestionnaire().then(
      (q) => {
        if (live) setForm((f) => (touched.current ? f : fromSaved(q)));
      },
      // 404: no answers yet.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // Each step announces itself: focus moves to its heading (not on first render).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step]);

  const change = (patch: Partial<Form>) => {
    touched.current = true;
    setForm((f) => ({ ...f, ...patch }));
    setIncomeError(null);
  };

  const onSubmit = async () => {
    const problem = incomeProblem(form);
    if (problem) {
      setIncomeError(problem);
      toast.error(problem);
      incomeRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      await saveQuestionnaire(toAnswers(form));
    } catch (err) {
      toast.error(await readError(err));
      setSaving(false);
      return;
    }
    toast.success(MESSAGES.questionnaireThanks);
    navigate(paths.dashboard);
  };

  const stepLabel = step === 0 ? 'Introduction' : `Question ${step}/${LAST_STEP}`;
  const heading = step === 0 ? 'Before you invest' : step === 1 ? 'Which kind of investor are you?' : 'Are you a high net worth investor?';

  return (
    <Box>
      <PageHeader
        title="Investor questionnaire"
        subtitle="Two short questions about your experience and means, as the rules for investments like ours require."
      />
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {stepLabel}
        </Typography>
        <Typography ref={headingRef} tabIndex={-1} component="h2" variant="h5" sx={{ mb: 2, outline: 'none' }}>
          {heading}
        </Typography>

        {step === 0 && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography>
              Property investments can lose value and are hard to sell quickly. Before you invest, we ask which kind of investor you are and
              whether you are a high net worth investor.
            </Typography>
            <Typography>
              Your answers are kept with your account and are seen by our compliance team when they review it. You can change them later by
              taking the questionnaire again. It takes about two minutes.
            </Typography>
          </Box>
        )}

        {step === 1 && (
          <FormControl component="fieldset" sx={{ width: '100%' }}>
            <FormLabel component="legend" sx={{ mb: 1.5 }}>
              Choose the statement that applies to you.
            </FormLabel>
            <RadioGroup
              name="investor_type"
              value={form.investor_type}
              onChange={(e) => change({ investor_type: e.target.value as InvestorType })}
              sx={{ gap: 1.5 }}
            >
              {INVESTOR_TYPE_OPTIONS.map((o) => (
                <Box
                  key={o.value}
                  sx={{
                    border: 1.5,
                    borderColor: form.investor_type === o.value ? 'primary.main' : 'divider',
                    borderRadius: 2,
                    p: { xs: 1.5, sm: 2 },
                  }}
                >
                  <FormControlLabel
                    value={o.value}
                    control={<Radio />}
                    label={<Typography sx={{ fontWeight: 600 }}>{o.title}</Typography>}
                  />
                  <Box sx={{ pl: { xs: 0, sm: 4 } }}>
                    <Typography variant="body2">{o.statement}</Typography>
                    {o.criteria && (
                      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, display: 'grid', gap: 0.5 }}>
                        {o.criteria.map((c) => (
                          <Typography component="li" variant="body2" key={c}>
                            {c}
                          </Typography>
                        ))}
                      </Box>
                    )}
                  </Box>
                </Box>
              ))}
            </RadioGroup>
          </FormControl>
        )}

        {step === 2 && (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Typography variant="body2" color="text.secondary">
              You are a high net worth investor if either statement A or statement B applies to you.
            </Typography>
            <YesNoQuestion
              legend={`A. ${INCOME_QUESTION}`}
              name="annual_income_100_or_more"
              value={form.annual_income_100_or_more}
              onChange={(v) => change({ annual_income_100_or_more: v })}
            >
              {form.annual_income_100_or_more === 'yes' && (
                <TextField
                  id={incomeId}
                  inputRef={incomeRef}
                  label={INCOME_LABEL}
                  value={form.annual_income_value}
                  onChange={(e) => {
                    if (isValidIncomeInput(e.target.value)) change({ annual_income_value: e.target.value });
                  }}
                  onBlur={() => setForm((f) => ({ ...f, annual_income_value: roundIncome(f.annual_income_value) }))}
                  error={!!incomeError}
                  helperText={
                    incomeError ??
                    (form.annual_income_value
                      ? `Recorded as ${gbp(Number(roundIncome(form.annual_income_value)))}. Numbers only.`
                      : `Numbers only, e.g. 120000. We round to the nearest ${INCOME_ROUNDING}; at least ${INCOME_THRESHOLD}.`)
                  }
                  slotProps={{
                    input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
                    htmlInput: { inputMode: 'numeric', maxLength: 9 },
                  }}
                  sx={{ mt: 1, maxWidth: 360 }}
                />
              )}
            </YesNoQuestion>
            <YesNoQuestion
              legend={`B. ${NET_ASSETS_QUESTION}`}
              name="net_assets"
              value={form.net_assets}
              onChange={(v) => change({ net_assets: v })}
              note={NET_ASSETS_NOTE}
            />
          </Box>
        )}

        <Box sx={{ display: 'flex', gap: 1.5, mt: 4, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {step === LAST_STEP && (
            <Button variant="outline-blue" size="MD" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={saving}>
              Previous
            </Button>
          )}
          {step < LAST_STEP ? (
            <Button variant="filled-blue" size="MD" onClick={() => setStep((s) => Math.min(LAST_STEP, s + 1))}>
              Next
            </Button>
          ) : (
            <Button variant="filled-blue" size="MD" onClick={onSubmit} loading={saving}>
              Submit
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
