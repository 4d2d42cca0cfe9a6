/**
 * The tenant's rules: create from a template (parameters validated by the template's schema), edit
 * (every change of config, type or severity is a new version; alerts keep the version that raised
 * them), publish and deactivate. Every change is audited with its before and after.
 */
import { AppError } from '@/lib/core/errors';
import { formatIso, formatTimestamp } from '@/lib/core/format';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import type { Prisma } from '@/lib/generated/prisma/client';
import { configVariablesOf, isTemplateName, parseTemplateParams, templateNames, TEMPLATE_NAMES, type TemplateName } from './templates';
import type { RuleOut } from '../schemas';

type RuleRecord = Prisma.TransactionRuleGetPayload<object>;

export function toRule(r: RuleRecord): RuleOut {
  return {
    id: r.id,
    createdAt: formatTimestamp(r.createdAt),
    updatedAt: formatTimestamp(r.updatedAt),
    activatedAt: formatIso(r.activatedAt),
    nameEn: r.nameEn,
    nameAr: r.nameAr,
    descriptionEn: r.descriptionEn,
    descriptionAr: r.descriptionAr,
    code: r.code,
    status: r.status,
    type: r.type,
    severity: r.severity,
    version: r.version,
    autoSuspended: r.autoSuspended,
    config: r.config as Record<string, unknown>,
    // The template's description as it stands: a row keeps the copy written with its version, older than the template's own when the description grew.
    configVariables: isTemplateName(r.template) ? configVariablesOf(r.template) : (r.configVariables as RuleOut['configVariables']),
  };
}

/** A rule as its audit entries keep it: what officers set. `configVariables` describes the template (bilingual texts), not their choice. */
function audited(rule: RuleOut): Omit<RuleOut, 'configVariables'> {
  const { configVariables: _, ...set } = rule;
  return set;
}

/** The validated `{template, params}`, or a 400 naming each bad parameter under `config.params`. */
export function validateConfig(config: { template: TemplateName; params: Record<string, unknown> }) {
  const parsed = parseTemplateParams(config.template, config.params);
  if (!parsed.ok) throw AppError.validation(...parsed.errors.map((e) => e.replace(/^config\./, 'config.params.')));
  return { template: config.template, params: parsed.params as Record<string, unknown> };
}

export function listTemplates() {
  return { data: TEMPLATE_NAMES.map((template) => ({ template, ...templateNames(template), configVariables: configVariablesOf(template) })) };
}

export async function listRules({ tenantId }: { tenantId: string }) {
  const rows = await withTenant(tenantId, (tx) => tx.transactionRule.findMany({ where: { tenantId }, orderBy: [{ code: 'asc' }] }));
  return { data: rows.map(toRule) };
}

async function findRule(tx: Tx, tenantId: string, ruleId: string, lock = false) {
  if (lock) await tx.$executeRaw`SELECT 1 FROM "TransactionRule" WHERE "tenantId" = ${tenantId}::uuid AND id = ${ruleId}::uuid FOR UPDATE`;
  const rule = await tx.transactionRule.findFirst({ where: { tenantId, id: ruleId } });
  if (!rule) throw AppError.notFound();
  return rule;
}

export async function getRule({ tenantId, ruleId }: { tenantId: string; ruleId: string }) {
  return { data: toRule(await withTenant(tenantId, (tx) => findRule(tx, tenantId, ruleId))) };
}

export interface RuleInput {
  code: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  type: 'Hard' | 'Soft';
  severity: RuleOut['severity'];
  config: { template: TemplateName; params: Record<string, unknown> };
}

export async function createRule({ tenantId, input, actor, requestId }: { tenantId: string; input: RuleInput; actor: Actor; requestId?: string }) {
  const config = validateConfig(input.config);
  return withTenant(tenantId, async (tx) => {
    if (await tx.transactionRule.findFirst({ where: { tenantId, code: input.code }, select: { id: true } }))
      throw new AppError('CONFLICT', undefined, 'duplicateRuleCode');
    const rule = await tx.transactionRule.create({
      data: {
        tenantId,
        code: input.code,
        template: config.template,
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        descriptionEn: input.descriptionEn,
        descriptionAr: input.descriptionAr,
        type: input.type,
        severity: input.severity,
        config: config as Prisma.InputJsonValue,
        configVariables: configVariablesOf(config.template) as Prisma.InputJsonValue,
      },
    });
    const out = toRule(rule);
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'transactionRule.create',
      targetType: 'TransactionRule',
      targetId: rule.id,
      after: audited(out),
      requestId,
    });
    return { data: out };
  });
}

export async function updateRule({
  tenantId,
  ruleId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  ruleId: string;
  input: Partial<Omit<RuleInput, 'code'>>;
  actor: Actor;
  requestId?: string;
}) {
  const config = input.config ? validateConfig(input.config) : undefined;
  return withTenant(tenantId, async (tx) => {
    const before = await findRule(tx, tenantId, ruleId, true);
    const changesBehaviour =
      (config && JSON.stringify(config) !== JSON.stringify(before.config)) ||
      (input.type && input.type !== before.type) ||
      (input.severity && input.severity !== before.severity);
    const rule = await tx.transactionRule.update({
      where: { id: ruleId },
      data: {
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        descriptionEn: input.descriptionEn,
        descriptionAr: input.descriptionAr,
        type: input.type,
        severity: input.severity,
        ...(config
          ? { template: config.template, config: config as Prisma.InputJsonValue, configVariables: configVariablesOf(config.template) as Prisma.InputJsonValue }
          : {}),
        ...(changesBehaviour ? { version: before.version + 1 } : {}),
      },
    });
    const out = toRule(rule);
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'transactionRule.update',
      targetType: 'TransactionRule',
      targetId: ruleId,
      before: audited(toRule(before)),
      after: audited(out),
      requestId,
    });
    return { data: out };
  });
}

export async function setRuleStatus({
  tenantId,
  ruleId,
  status,
  actor,
  requestId,
}: {
  tenantId: string;
  ruleId: string;
  status: 'Published' | 'Deactivated';
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    const before = await findRule(tx, tenantId, ruleId, true);
    if (before.status === status || (status === 'Deactivated' && before.status === 'Draft')) throw new AppError('INVALID_STATUS_TRANSITION');
    const rule = await tx.transactionRule.update({
      where: { id: ruleId },
      data: { status, autoSuspended: false, ...(status === 'Published' ? { activatedAt: new Date() } : {}) },
    });
    const out = toRule(rule);
    await writeAudit(tx, {
      tenantId,
      actor,
      action: status === 'Published' ? 'transactionRule.publish' : 'transactionRule.deactivate',
      targetType: 'TransactionRule',
      targetId: ruleId,
      before: { status: before.status, version: before.version },
      after: { status: out.status, version: out.version },
      requestId,
    });
    return { data: out };
  });
}
