import { LOANER_PRODUCT_TYPES, type LoanerProductType } from '@shared/constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PRODUCT_TYPE_LABELS } from '../lib/product-types';
import { fieldAria, FormField } from '@/components/ui/form-field';

interface ProductTypeSelectProps {
  value: LoanerProductType | undefined;
  onChange: (value: LoanerProductType) => void;
  error?: string;
}

const isProductType = (value: string): value is LoanerProductType =>
  (LOANER_PRODUCT_TYPES as readonly string[]).includes(value);

export function ProductTypeSelect({ value, onChange, error }: ProductTypeSelectProps) {
  const id = 'loaner-product-type';
  return (
    <FormField id={id} label="Product Type" error={error}>
      {/* An empty value shows the placeholder: a new checkout starts with no product type (spec §5). */}
      <Select value={value ?? ''} onValueChange={(next) => isProductType(next) && onChange(next)}>
        <SelectTrigger {...fieldAria(id, error)}>
          <SelectValue placeholder="Select product type" />
        </SelectTrigger>
        <SelectContent>
          {LOANER_PRODUCT_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {PRODUCT_TYPE_LABELS[type]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
