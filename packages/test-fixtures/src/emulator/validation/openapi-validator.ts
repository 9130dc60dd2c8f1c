import ajvModule, { type ErrorObject as AjvError, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { dereferenceSchema } from './dereference.js';

const Ajv2020 = ajvModule.default;
const addFormats = formatsModule.default;

/** The subset of an OpenAPI document the validator reads. */
export interface OpenApiDocument {
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

/** One validation failure, located by a JSON pointer into the value. */
export interface SchemaViolation {
  /** JSON pointer of the offending value, e.g. `/actions/0/product`. */
  path: string;
  /** What the schema expected. */
  message: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * Validates values against the component schemas of an OpenAPI 3.1 document with ajv (JSON Schema
 * 2020-12). Compiled validators are cached per schema name; the document is the single place
 * where request and response shapes are defined.
 */
export class OpenApiValidator {
  private readonly ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly dereferenced = new Map<string, unknown>();

  constructor(
    private readonly id: string,
    private readonly document: OpenApiDocument,
  ) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, discriminator: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, id);
  }

  hasSchema(name: string): boolean {
    return this.document.components?.schemas?.[name] !== undefined;
  }

  /** A component schema with its `$ref`s resolved (for the query engine's field checks). */
  schema(name: string): unknown {
    return dereferenceSchema(this.document.components?.schemas ?? {}, name, this.dereferenced);
  }

  /** Validates against `#/components/schemas/<name>`; returns the violations (empty when valid). */
  validate(name: string, value: unknown): SchemaViolation[] {
    return this.validateRef(`#/components/schemas/${name}`, value);
  }

  /** Validates against any JSON pointer inside the document, e.g. a response schema of an operation. */
  validateRef(pointer: string, value: unknown): SchemaViolation[] {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      const found = this.ajv.getSchema(`${this.id}${pointer}`);
      if (!found) throw new Error(`no schema at ${this.id}${pointer}`);
      validate = found;
      this.compiled.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(toViolation);
  }
}

function toViolation(error: AjvError): SchemaViolation {
  return {
    path: error.instancePath,
    message: error.message ?? 'is invalid',
    keyword: error.keyword,
    params: error.params as Record<string, unknown>,
  };
}
