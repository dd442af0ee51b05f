import * as shop from '@chok/contract/routes/shop';
import { confirm } from '../../components/ConfirmDialog';
import { ShopItemPreview } from '../../components/Preview';
import { call, type Data } from '../../lib/api';
import { orNull, useListEditor, wholeOr } from '../../lib/editor';
import { formatBaht, formatCount } from '../../lib/format';
import { EditorForm, SimpleTable } from './SimpleTable';

type Item = Data<typeof shop.adminShopItems>[number];
type F =
  | 'kind'
  | 'title'
  | 'description'
  | 'image'
  | 'price_points'
  | 'voucher_wallet'
  | 'voucher_amount'
  | 'stock'
  | 'monthly_limit'
  | 'sort_order'
  | 'active';
const blank: Record<F, string> = {
  kind: 'voucher',
  title: '',
  description: '',
  image: '',
  price_points: '',
  voucher_wallet: 'free_credit',
  voucher_amount: '',
  stock: '',
  monthly_limit: '5',
  sort_order: '0',
  active: 'true',
};
const valuesOf = (i: Item): Record<F, string> => ({
  kind: i.kind,
  title: i.title,
  description: i.description,
  image: i.image ?? '',
  price_points: String(i.price_points),
  voucher_wallet: i.voucher_wallet ?? 'free_credit',
  voucher_amount: i.voucher_amount ?? '',
  stock: i.stock === null ? '' : String(i.stock),
  monthly_limit: String(i.monthly_limit),
  sort_order: String(i.sort_order),
  active: i.active ? 'true' : 'false',
});

/** The point shop's items (docs/rules/engagement.md §8): vouchers and goods, prices, stock, limits. */
export default function ShopItemsPage() {
  const editor = useListEditor(
    { list: shop.adminShopItems, create: shop.adminCreateShopItem, update: shop.adminUpdateShopItem },
    { create: 'เพิ่มของรางวัลแล้ว', update: 'บันทึกของรางวัลแล้ว' },
    blank,
    valuesOf,
  );
  const { list, editing, values, pick } = editor;
  const ask = {
    title: editing ? 'บันทึกของรางวัล' : 'เพิ่มของรางวัล',
    message: editing ? 'การเปลี่ยนราคาแต้มมีผลกับการแลกครั้งถัดไป' : `เพิ่ม "${values.title}"`,
    confirmLabel: 'บันทึก',
  };
  const submit = () => {
    const voucher = values.kind === 'voucher';
    const common = {
      title: values.title,
      description: values.description,
      image: orNull(values.image),
      price_points: wholeOr(values.price_points),
      stock: values.stock.trim() === '' ? null : wholeOr(values.stock),
      monthly_limit: wholeOr(values.monthly_limit),
      sort_order: wholeOr(values.sort_order),
      active: values.active === 'true',
    };
    editor.send(
      {
        kind: values.kind,
        ...common,
        voucher_wallet: voucher ? values.voucher_wallet : null,
        voucher_amount: voucher ? values.voucher_amount : null,
      },
      {
        ...common,
        ...(voucher ? { voucher_wallet: values.voucher_wallet, voucher_amount: values.voucher_amount } : {}),
      },
    );
  };
  const restock = (i: Item) =>
    confirm({
      title: 'เพิ่มหรือลดจำนวนคงเหลือ',
      message: `"${i.title}" คงเหลือ ${i.stock === null ? 'ไม่จำกัด' : formatCount(i.stock)}`,
      confirmLabel: 'บันทึก',
      fields: [{ name: 'add', label: 'จำนวนที่เพิ่ม (ติดลบ = ลด)', required: true, inputMode: 'numeric' }],
      action: (x) => call(shop.adminShopItemStock, { id: i.id, add: Number(x.add) }),
      success: (r) => `คงเหลือ ${r.stock === null ? 'ไม่จำกัด' : formatCount(r.stock)} แล้ว`,
    }).then(() => list.refetch());

  return (
    <>
      <h1>ร้านแลกแต้ม</h1>
      <SimpleTable
        caption="ของรางวัล"
        rows={list.data}
        error={list.error}
        rowKey={(i) => i.id}
        columns={[
          { header: 'ลำดับ', cell: (i) => i.sort_order, align: 'end' },
          { header: 'ชื่อ', cell: (i) => i.title },
          {
            header: 'ชนิด',
            cell: (i) =>
              i.kind === 'goods'
                ? 'สินค้า'
                : `บัตรกำนัล ${formatBaht(i.voucher_amount)} บาท (${i.voucher_wallet === 'main' ? 'กระเป๋าหลัก' : 'เครดิตฟรี'})`,
          },
          { header: 'ราคา (แต้ม)', cell: (i) => formatCount(i.price_points), align: 'end' },
          {
            header: 'คงเหลือ',
            cell: (i) => (i.stock === null ? 'ไม่จำกัด' : formatCount(i.stock)),
            align: 'end',
          },
          { header: 'จำกัด/เดือน', cell: (i) => i.monthly_limit, align: 'end' },
          {
            header: 'สถานะ',
            cell: (i) => (
              <span className={`badge ${i.active ? 'badge-ok' : 'badge-warn'}`}>
                {i.active ? 'เปิดแลก' : 'ปิด'}
              </span>
            ),
          },
          {
            header: 'จัดการ',
            cell: (i) => (
              <div className="row">
                <button type="button" className="btn btn-small" onClick={() => pick(i)}>
                  แก้ไข
                </button>
                <button type="button" className="btn btn-small" onClick={() => void restock(i)}>
                  ปรับจำนวน
                </button>
              </div>
            ),
          },
        ]}
      />
      <EditorForm
        editor={editor}
        ask={ask}
        onSubmit={submit}
        title={editing ? `แก้ไขของรางวัล #${editing.id}` : 'เพิ่มของรางวัลใหม่'}
        saveLabel={editing ? 'บันทึกการแก้ไข' : 'เพิ่มของรางวัล'}
        fields={[
          ...(editing
            ? []
            : [
                {
                  name: 'kind' as const,
                  label: 'ชนิด',
                  options: [
                    { value: 'voucher', label: 'บัตรกำนัล (เครดิต)' },
                    { value: 'goods', label: 'สินค้า (จัดส่ง)' },
                  ],
                },
              ]),
          { name: 'title', label: 'ชื่อของรางวัล' },
          { name: 'price_points', label: 'ราคา (แต้ม)' },
          ...(values.kind === 'voucher'
            ? [
                {
                  name: 'voucher_wallet' as const,
                  label: 'เข้ากระเป๋า',
                  options: [
                    { value: 'free_credit', label: 'เครดิตฟรี' },
                    { value: 'main', label: 'กระเป๋าหลัก' },
                  ],
                },
                { name: 'voucher_amount' as const, label: 'มูลค่า (บาท)' },
              ]
            : []),
          { name: 'stock', label: 'จำนวนคงเหลือ (เว้นว่าง = ไม่จำกัด)' },
          { name: 'monthly_limit', label: 'แลกได้ต่อคนต่อเดือน' },
          { name: 'sort_order', label: 'ลำดับ' },
          {
            name: 'active',
            label: 'สถานะ',
            options: [
              { value: 'true', label: 'เปิดแลก' },
              { value: 'false', label: 'ปิด' },
            ],
          },
          { name: 'image', label: 'ที่อยู่รูปภาพ (ไม่บังคับ)' },
          { name: 'description', label: 'รายละเอียด', textarea: true },
        ]}
      >
        <ShopItemPreview
          item={{
            kind: editing?.kind ?? values.kind,
            title: values.title,
            description: values.description,
            image: values.image,
            pricePoints: values.price_points,
            voucherAmount: values.voucher_amount,
            voucherWallet: values.voucher_wallet,
            stock: values.stock,
            monthlyLimit: values.monthly_limit,
          }}
        />
      </EditorForm>
    </>
  );
}
