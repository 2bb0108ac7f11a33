#!/usr/bin/env bash
# From quote to invoice and documents. Needs curl and node, and SANDBOX, KEY and TOKEN as the
# server printed them (export SANDBOX=http://127.0.0.1:8080 KEY=sk_sandbox_… TOKEN=eyJ…), then:
#   bash examples/walkthrough.sh       (test/walkthrough.test.ts runs it against a fresh server)
set -euo pipefail
H=(-sS --fail-with-body -H "authorization: Bearer $TOKEN" -H "x-service-api-key: $KEY" -H "content-type: application/json")
field() { node -pe "JSON.parse(require('fs').readFileSync(0, 'utf8')).$1"; }

echo "1. A quote for 2 pallets from Des Plaines, IL to Dallas, TX, inside delivery"
QUOTE=$(curl "${H[@]}" "$SANDBOX/v1/shipper/quote" -d '{
  "pickupAddress": {"zipCode": "60018"},
  "deliveryAddress": {"zipCode": "75201", "insideRequired": true},
  "orderComponents": [{"palletCount": 2, "poundsWeight": 900, "dimensions": {"length": 48, "width": 40, "height": 48}}],
  "customerReference": "LOAD-1001"}')
echo "$QUOTE"
QUOTE_ID=$(echo "$QUOTE" | field id)

echo "2. The newest quote under the reference"
curl "${H[@]}" "$SANDBOX/v1/shipper/quotes/by-reference?reference=LOAD-1001"; echo

echo "3. The shipment, booked on the quote (run it twice: the Idempotency-Key replays the answer)"
SHIPMENT=$(curl "${H[@]}" "$SANDBOX/v1/shipper/shipment" -H "Idempotency-Key: walkthrough-$QUOTE_ID" -d '{
  "pickupAddress": {"name": "Lakeside DC", "address1": "2400 S Wolf Rd", "city": "Des Plaines", "state": "IL",
    "zipCode": "60018", "phoneNumber": "+18475550142", "contactPerson": "Dana Whitfield"},
  "deliveryAddress": {"name": "Dallas Foods", "address1": "1 Main St", "city": "Dallas", "state": "TX",
    "zipCode": "75201", "phoneNumber": "+12145550100", "contactPerson": "Ann Lee", "insideRequired": true},
  "orderComponents": [{"palletCount": 2, "poundsWeight": 900, "dimensions": {"length": 48, "width": 40, "height": 48}}],
  "description": "Grocery restock", "refNumber": "BOL-1001", "quoteId": "'"$QUOTE_ID"'"}')
echo "$SHIPMENT"
ORDER=$(echo "$SHIPMENT" | field orderNumber)

echo "4. Confirm it"
curl "${H[@]}" -X PUT "$SANDBOX/v1/shipper/shipment/$ORDER/confirm"; echo

echo "5. Sandbox controls: the carrier accepts, assigns a driver and picks up"
for EVENT in ACCEPT ASSIGN PICK_UP; do
  curl "${H[@]}" "$SANDBOX/sandbox/orders/$ORDER/events" -d "{\"event\": \"$EVENT\"}"; echo
done

echo "6. Six hours later (the sandbox clock), where is it?"
curl "${H[@]}" "$SANDBOX/sandbox/clock" -d '{"hours": 6}'; echo
curl "${H[@]}" "$SANDBOX/v1/shipper/shipment/$ORDER/tracking?include=location"; echo

echo "7. Delivered; the invoice"
curl "${H[@]}" "$SANDBOX/sandbox/orders/$ORDER/events" -d '{"event": "DELIVER"}'; echo
curl "${H[@]}" "$SANDBOX/v1/shipper/shipment/$ORDER/invoice"; echo

echo "8. Documents: a pre-signed link each, and the PDF behind it"
for TYPE in BILL_OF_LADING SHIPPING_LABEL INVOICE POD; do
  DOC=$(curl "${H[@]}" "$SANDBOX/v1/shipper/shipment/$ORDER/document/$TYPE")
  echo "$DOC"
  curl -sS --fail-with-body -o "$ORDER-$TYPE.pdf" -w "   saved $ORDER-$TYPE.pdf: %{http_code} %{content_type}, %{size_download} bytes\n" "$(echo "$DOC" | field downloadLink)"
done
